/* A draw list (diceland_site/ops.py, run by paint.py) on a 2D canvas
   context in one call from Python: Python hands over the list as JSON
   instead of making a dozen calls into JavaScript for each shape.  Each op
   is an array [kind, ...fields]; where a field stands is read from the
   schema Python hands over with the list (ops.schema_json()), so the op
   schema is written once, in ops.py.  Does exactly what
   paint.py's Painter.run does, op for op (tests/browser/test_paint.py
   compares the pixels of both). */
"use strict";

const dicelandSchemas = new Map();

window.dicelandPaint = function dicelandPaint(ctx, json, schema) {
  if (!dicelandSchemas.has(schema)) dicelandSchemas.set(schema, JSON.parse(schema));
  const fields = dicelandSchemas.get(schema);
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
    const at = fields[op[0]];
    if (!at) continue;
    const f = (name) => op[at[name]];
    switch (op[0]) {
      case "poly": {
        const points = f("points");
        ctx.beginPath();
        ctx.moveTo(points[0][0], points[0][1]);
        for (let i = 1; i < points.length; i += 1) ctx.lineTo(points[i][0], points[i][1]);
        ctx.closePath();
        paint(f("fill"), f("stroke"), f("width"));
        break;
      }
      case "line":
        ctx.beginPath();
        ctx.moveTo(f("x1"), f("y1"));
        ctx.lineTo(f("x2"), f("y2"));
        paint(null, f("colour"), f("width"));
        break;
      case "circle":
        ctx.beginPath();
        ctx.arc(f("x"), f("y"), f("r"), 0, 2 * Math.PI);
        paint(f("fill"), f("stroke"), f("width"));
        break;
      case "text":
        ctx.font = f("px");  /* ops_json: the canvas font in place of the size */
        ctx.textAlign = f("align");
        ctx.textBaseline = "middle";
        ctx.fillStyle = f("colour");
        ctx.fillText(f("text"), f("x"), f("y"));
        break;
      default:
        break;
    }
  }
};
