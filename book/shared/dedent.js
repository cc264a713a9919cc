// Code included by anchor keeps the indentation it has in its file (mdBook does not remove
// it): take off what all lines of a block share, so the C and Rust columns use their width.
(function () {
    "use strict";
    document.querySelectorAll("pre > code").forEach(function (code) {
        var lines = code.textContent.split("\n").filter(function (line) { return line.trim() !== ""; });
        if (lines.length === 0) return;
        var common = Math.min.apply(null, lines.map(function (line) { return line.match(/^ */)[0].length; }));
        if (common === 0) return;
        // Leading spaces sit before the highlighter's first <span> of a line, so the HTML's
        // lines lose them the same way the text's do.
        var strip = new RegExp("^ {" + common + "}");
        code.innerHTML = code.innerHTML.split("\n").map(function (line) { return line.replace(strip, ""); }).join("\n");
    });
})();
