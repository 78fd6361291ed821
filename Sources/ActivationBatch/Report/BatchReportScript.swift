/// The batch report's one inline script: it sorts the results table by a column (a click on
/// the column's head; again for the other way) and hides the rows that do not contain the
/// search box's text. It loads nothing and sends nothing, so the page stays one self-contained
/// file that works offline; without script the table is still there, filtered by the CSS radio
/// buttons. Pure data.
///
/// The page's address may ask for both at load, so that a link (or a test in headless
/// Chromium, which runs the script before it dumps the DOM) opens the table sorted and
/// searched: `report.html#sort=-confidence&q=dial` (a `-` sorts descending). Columns are named
/// by their heads (`file`, `state`, `IMEIs`, `channels`, `confidence`, `ms`, `error`,
/// `review`); numeric columns (the heads with class `n`) sort as numbers, blanks first.
enum BatchReportScript {
    static let source = """
        (function(){var t=document.getElementById("results"),box=document.getElementById("search");if(!t)return;\
        var heads=[].slice.call(t.rows[0].cells),body=t.rows[0].parentNode;\
        function rows(){return [].slice.call(t.rows,1)}\
        function key(r,i,num){var s=r.cells[i].textContent.trim();if(!num)return s.toLowerCase();\
        var v=parseFloat(s);return isNaN(v)?-Infinity:v}\
        function sort(i,desc){var num=heads[i].classList.contains("n");\
        rows().map(function(r,n){return [key(r,i,num),n,r]}).sort(function(a,b){\
        var c=a[0]<b[0]?-1:a[0]>b[0]?1:0;return (desc?-c:c)||a[1]-b[1]}).forEach(function(e){body.appendChild(e[2])});\
        heads.forEach(function(h){h.removeAttribute("aria-sort")});\
        heads[i].setAttribute("aria-sort",desc?"descending":"ascending")}\
        function search(text){text=text.trim().toLowerCase();\
        rows().forEach(function(r){r.hidden=text!==""&&r.textContent.toLowerCase().indexOf(text)<0})}\
        heads.forEach(function(h,i){h.addEventListener("click",function(){\
        sort(i,h.getAttribute("aria-sort")==="ascending")})});\
        if(box)box.addEventListener("input",function(){search(box.value)});\
        location.hash.slice(1).split("&").forEach(function(part){var kv=part.split("="),v=decodeURIComponent(kv[1]||"");\
        if(kv[0]==="sort"){var desc=v.charAt(0)==="-",name=desc?v.slice(1):v;\
        heads.forEach(function(h,i){if(h.textContent.trim()===name)sort(i,desc)})}\
        if(kv[0]==="q"&&box){box.value=v;search(v)}})})();
        """
}
