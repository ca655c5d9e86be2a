/* A draw list (diceland_site/paint.py) run on a 2D canvas context in one call
   from Python: Python hands over the list as JSON instead of making a dozen
   calls into JavaScript for each shape.  Does exactly what paint.py's
   Painter.run does, op for op (tests/browser/test_paint.py compares the
   pixels of both). */
"use strict";

window.dicelandPaint = function dicelandPaint(ctx, json) {
  function paint(fill, stroke, width) {
    if (fill !== null) {
      ctx.fillStyle = fill;
      ctx.fill();
    }
    if (stroke !== null && width) {
      ctx.strokeStyle = stroke;
      ctx.lineWidth = width;
      ctx.stroke();
    }
  }
  for (const op of JSON.parse(json)) {
    switch (op[0]) {
      case "poly": {
        const [, points, fill, stroke, width] = op;
        ctx.beginPath();
        ctx.moveTo(points[0][0], points[0][1]);
        for (let i = 1; i < points.length; i += 1) ctx.lineTo(points[i][0], points[i][1]);
        ctx.closePath();
        paint(fill, stroke, width);
        break;
      }
      case "line": {
        const [, x1, y1, x2, y2, colour, width] = op;
        ctx.beginPath();
        ctx.moveTo(x1, y1);
        ctx.lineTo(x2, y2);
        paint(null, colour, width);
        break;
      }
      case "circle": {
        const [, x, y, r, fill, stroke, width] = op;
        ctx.beginPath();
        ctx.arc(x, y, r, 0, 2 * Math.PI);
        paint(fill, stroke, width);
        break;
      }
      case "text": {
        const [, x, y, text, colour, font, align] = op;
        ctx.font = font;
        ctx.textAlign = align;
        ctx.textBaseline = "middle";
        ctx.fillStyle = colour;
        ctx.fillText(text, x, y);
        break;
      }
      default:
        break;
    }
  }
};
