// forgebuilder: runs before the page is drawn (no defer): styles may tell script-capable
// browsers apart. Kept in a file, not inline, for the Content-Security-Policy.
document.documentElement.classList.add("js");
