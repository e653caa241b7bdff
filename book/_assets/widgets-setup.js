// Loaded on pages with widgets, after require.js and before the vendored widget manager
// (_static/ipywidgets/embed-amd.js, see nb_ipywidgets_js in _config.yml).
(function () {
  "use strict";

  // 1. embed-amd.js holds several AMD modules (@jupyter-widgets/base, /controls, /base7,
  //    /controls7, /html-manager, /html-manager/dist/libembed-amd). Each computes the URL of
  //    its assets (the Font Awesome files) from its own requirejs module URL, which by
  //    default resolves against the page's folder: <page dir>/@jupyter-widgets/<hash>.woff2,
  //    a 404. Point them all at _static/ipywidgets/, where tools/vendor-js.sh put the fonts.
  var root = document.documentElement.getAttribute("data-content_root") || "";
  var here = root + "_static/ipywidgets/";
  var paths = {"@jupyter-widgets/html-manager/dist": here.slice(0, -1)};
  ["base", "controls", "base7", "controls7", "html-manager"].forEach(function (name) {
    paths["@jupyter-widgets/" + name] = here + name;
  });
  window.requirejs.config({paths: paths});

  // 2. The widget manager typesets labels with the MathJax 2 call MathJax.Hub.Queue; the
  //    book loads MathJax 3 (on pages with math), which has no Hub: give it one. Widgets
  //    render on window load, after this (deferred MathJax has run by DOMContentLoaded).
  document.addEventListener("DOMContentLoaded", function () {
    var mj = window.MathJax;
    if (mj && !mj.Hub) {
      mj.Hub = {
        Queue: function (job) {
          var element = job && job[2];
          if (element && mj.typesetPromise) {
            mj.typesetPromise([element]).catch(function (err) { console.warn(err); });
          }
        }
      };
    }
  });
})();
