/// The dashboard's only script, progressive: every page works without it. It shows each `<time>` in the
/// viewer's time zone (the UTC instant stays in its title) and each amount in the viewer's number format,
/// and keeps a form with files from sending more than its `data-max-bytes` (the server would refuse it).
enum DashboardScript {
    static let text = """
    "use strict";
    document.addEventListener("DOMContentLoaded", function () {
      var dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
      document.querySelectorAll("time[data-instant]").forEach(function (element) {
        var instant = new Date(element.getAttribute("datetime"));
        if (!isNaN(instant.getTime())) { element.textContent = dateTime.format(instant); }
      });
      document.querySelectorAll("[data-minor-units][data-currency]").forEach(function (element) {
        var digits = Number(element.getAttribute("data-digits") || "2");
        var amount = Number(element.getAttribute("data-minor-units")) / Math.pow(10, digits);
        try {
          element.textContent = new Intl.NumberFormat(undefined, {
            style: "currency", currency: element.getAttribute("data-currency"),
            minimumFractionDigits: digits, maximumFractionDigits: digits
          }).format(amount);
        } catch (error) { /* an unknown currency keeps the server's text */ }
      });
      document.querySelectorAll("form[data-max-bytes]").forEach(function (form) {
        form.addEventListener("submit", function (event) {
          var total = 0;
          form.querySelectorAll("input[type=file]").forEach(function (input) {
            Array.prototype.forEach.call(input.files || [], function (file) { total += file.size; });
          });
          var limit = Number(form.getAttribute("data-max-bytes"));
          var message = form.querySelector("[data-size-message]");
          if (total > limit && message) {
            event.preventDefault();
            // The total rounded up, so a file just over the limit never reads as equal to it.
            message.textContent = "These files are too large: they hold " + (Math.ceil(total / 104857.6) / 10).toFixed(1)
              + " MB, and the server takes " + Math.floor(limit / 1048576) + " MB at once. Compare fewer at a time,"
              + " or run perennial reconcile on the server.";
            message.hidden = false;
          }
        });
      });
    });
    """
}
