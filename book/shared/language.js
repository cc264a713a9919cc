// The language switch: a link in every page's menu bar to the same page in the other book.
// The two books (book/en, book/zh-CN) have the same file tree and are built side by side
// (target/book/en, target/book/zh-CN), so the other language's page is ../<other>/<same path>.
// Works from file:// and from any server; mdBook defines `path_to_root` on every page.
(function () {
    "use strict";
    var languages = { "en": { other: "zh-CN", label: "中文", title: "简体中文版" },
                      "zh-CN": { other: "en", label: "English", title: "English version" } };
    var here = languages[document.documentElement.lang];
    var buttons = document.querySelector(".menu-bar .right-buttons");
    if (!here || !buttons || typeof path_to_root === "undefined") return;
    var root = new URL(path_to_root || "./", window.location.href).href;
    var page = window.location.href.split("#")[0].split("?")[0];
    var relative = page.indexOf(root) === 0 ? page.slice(root.length) : "";
    if (relative === "" || relative.slice(-1) === "/") relative += "index.html";
    var link = document.createElement("a");
    link.className = "language-switch";
    link.id = "language-switch";
    link.href = new URL("../" + here.other + "/" + relative + window.location.hash, root).href;
    link.hreflang = here.other;
    link.lang = here.other;
    link.title = here.title;
    link.textContent = here.label;
    buttons.insertBefore(link, buttons.firstChild);
})();
