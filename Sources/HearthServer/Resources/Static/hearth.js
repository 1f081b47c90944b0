// Progressive enhancement for Hearth's pages; every page works without it.
// - <button data-copy-target="ID" hidden>: shown, and copies the value of input#ID.
// - <element id=… data-live-refresh data-events-url=URL>: while it holds
//   [data-live-pending] elements, each feed event (server-sent, same origin, the session
//   cookie; the first comes at once) reloads the page in the background and swaps in the
//   element's new content.
"use strict";
(function () {
  document.querySelectorAll("button[data-copy-target]").forEach(function (button) {
    var target = document.getElementById(button.getAttribute("data-copy-target"));
    if (!target || !navigator.clipboard) { return; }
    button.hidden = false;
    button.addEventListener("click", function () {
      navigator.clipboard.writeText(target.value).then(function () {
        var label = button.textContent;
        button.textContent = button.getAttribute("data-copied") || "✓";
        setTimeout(function () { button.textContent = label; }, 1500);
      });
    });
  });

  document.querySelectorAll("[data-live-refresh][data-events-url]").forEach(function (region) {
    if (!window.EventSource || !region.id || !region.querySelector("[data-live-pending]")) { return; }
    var events = new EventSource(region.getAttribute("data-events-url"));
    // One refresh at a time, at most one every two seconds; events meanwhile are coalesced.
    var busy = false, again = false;
    function refresh() {
      if (busy) { again = true; return; }
      busy = true;
      fetch(window.location.href, { credentials: "same-origin" })
        .then(function (response) { return response.ok ? response.text() : null; })
        .then(function (html) {
          var fresh = html && new DOMParser().parseFromString(html, "text/html").getElementById(region.id);
          if (fresh) { region.innerHTML = fresh.innerHTML; }
          if (!region.querySelector("[data-live-pending]")) { events.close(); again = false; }
        })
        .finally(function () {
          setTimeout(function () { busy = false; if (again) { again = false; refresh(); } }, 2000);
        });
    }
    events.onmessage = refresh;
  });
})();
