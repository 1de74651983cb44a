// Keeps the page's live part (<main id="live">) in step with the table: at each "change" event the
// page fetches its own live part again. No input of the reader's is ever sent anywhere.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live || !window.EventSource) { return; }
  var busy = false;
  var again = false;
  function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    var url = new URL(window.location.href);
    url.searchParams.delete("t");
    url.searchParams.delete("lang");
    url.searchParams.set("part", "main");
    fetch(url, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.text();
      })
      .then(function (html) {
        live.innerHTML = html;
        document.documentElement.dataset.updatedAt = String(performance.timeOrigin + performance.now());
      })
      .catch(function () { /* the next change tries again */ })
      .finally(function () {
        busy = false;
        if (again) { again = false; refresh(); }
      });
  }
  var source = new EventSource("/events");
  source.addEventListener("change", refresh);
  source.addEventListener("open", function () { document.documentElement.dataset.live = "1"; });
})();
