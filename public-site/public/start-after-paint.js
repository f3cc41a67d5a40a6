// Starts the public site's scripts on a page the server has drawn, once that page has been
// painted (issue 12): its entry script and the chunks its view needs are named on this element
// by the server (backend/src/web/spa.ts), and fetched only after the first contentful paint, so a
// phone's first paint never waits for them. A hidden tab paints nothing: a timer starts them anyway.
(function () {
  var self = document.currentScript;
  // A form marked data-hold-submit (sign-in, sign-up) sent before the scripts run is held, not sent
  // by the browser (its fields have no names, so that would only reload the page): the page sends it
  // once it has taken the form over (lcLive, public-site/src/lib/typed-before-hydration.ts).
  document.addEventListener(
    'submit',
    function (e) {
      var form = e.target;
      if (!form || !form.hasAttribute || !form.hasAttribute('data-hold-submit') || form.lcLive) return;
      e.preventDefault();
      form.lcHeld = true;
    },
    true,
  );
  var started = false;
  function start() {
    if (started) return;
    started = true;
    import(self.getAttribute('data-entry'));
    // Announcing a chunk to the browser costs a phone 5-15 ms of main thread each (about 20 of
    // them): one per task, so none of them adds up to a long task that holds up a tap.
    var hrefs = (self.getAttribute('data-preload') || '').split(' ').filter(Boolean);
    (function preloadNext() {
      var href = hrefs.shift();
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
      setTimeout(preloadNext, 0);
    })();
  }
  // After the first paint with content: a frame can be painted before the text shows (while the
  // font loads), so the first frame alone is too early.
  try {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch (e) {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  setTimeout(start, 1000);
})();
