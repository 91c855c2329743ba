/* sort.js: click a column header of a tpsreport table to sort it; click
 * again to reverse. Progressive enhancement only: the page is complete
 * without it (report.html does not carry it at all). Numbers sort by the
 * exact value in each cell's data-sort attribute, text in natural order;
 * empty cells go last; ties keep their original order. */
(function () {
	"use strict";

	function sortKey(cell) {
		var v = cell ? cell.getAttribute("data-sort") : null;
		var n = v === null ? NaN : parseFloat(v);
		return isNaN(n) ? null : n;
	}

	function cellText(cell) {
		return cell ? cell.textContent.trim() : "";
	}

	function compare(a, b, col, numeric) {
		var ca = a.row.cells[col], cb = b.row.cells[col];
		if (numeric) {
			var ka = sortKey(ca), kb = sortKey(cb);
			if (ka !== null && kb !== null)
				return ka - kb;
			if (ka !== null || kb !== null)
				return ka !== null ? -1 : 1;
		}
		var ta = cellText(ca), tb = cellText(cb);
		if (ta === "" || tb === "")
			return ta === tb ? 0 : (ta === "" ? 1 : -1);
		return ta.localeCompare(tb, undefined, { numeric: true, sensitivity: "base" });
	}

	function sortTable(table, col, th) {
		var body = table.tBodies[0];
		if (!body)
			return;
		var ascending = th.getAttribute("aria-sort") !== "ascending";
		var numeric = th.classList.contains("num");
		var rows = Array.prototype.map.call(body.rows, function (row, i) {
			return { row: row, index: i };
		});
		rows.sort(function (a, b) {
			var c = compare(a, b, col, numeric);
			var emptyA = cellText(a.row.cells[col]) === "";
			var emptyB = cellText(b.row.cells[col]) === "";
			/* Empty cells stay last whichever the direction. */
			if (!ascending && emptyA === emptyB)
				c = -c;
			return c || a.index - b.index;
		});
		rows.forEach(function (r) {
			body.appendChild(r.row);
		});
		Array.prototype.forEach.call(th.parentNode.cells, function (other) {
			other.removeAttribute("aria-sort");
		});
		th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
	}

	function enhance(table) {
		var head = table.tHead;
		if (!head || !head.rows.length || !table.tBodies.length)
			return;
		/* the last header row: a row above it only groups columns */
		Array.prototype.forEach.call(head.rows[head.rows.length - 1].cells, function (th, col) {
			var button = document.createElement("button");
			button.type = "button";
			while (th.firstChild)
				button.appendChild(th.firstChild);
			th.appendChild(button);
			button.addEventListener("click", function () {
				sortTable(table, col, th);
			});
		});
	}

	Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), enhance);
})();
