// Loaded on pages with widgets, after require.js and before the vendored widget manager
// (_static/ipywidgets/embed-amd.js, see nb_ipywidgets_js in _config.yml).
(function () {
  "use strict";

  // embed-amd.js holds several AMD modules (@jupyter-widgets/base, /controls, /base7,
  // /controls7, /html-manager, /html-manager/dist/libembed-amd). Each computes the URL of
  // its assets (the Font Awesome files) from its own requirejs module URL, which by
  // default resolves against the page's folder: <page dir>/@jupyter-widgets/<hash>.woff2,
  // a 404. Point them all at _static/ipywidgets/, where tools/vendor-js.sh put the fonts.
  // (No chapter has live widgets today, so no page loads this: see _config.yml.)
  var root = document.documentElement.getAttribute("data-content_root") || "";
  var here = root + "_static/ipywidgets/";
  var paths = {"@jupyter-widgets/html-manager/dist": here.slice(0, -1)};
  ["base", "controls", "base7", "controls7", "html-manager"].forEach(function (name) {
    paths["@jupyter-widgets/" + name] = here + name;
  });
  window.requirejs.config({paths: paths});
})();
