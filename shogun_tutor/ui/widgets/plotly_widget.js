// plotly's widget module (plotly.py 6-7, anywidget), mended: see shogun_tutor/ui/widgets/plotly_widget.py.
// `shogunTutorWidget(plotly)` takes the bundle's exports and returns the anywidget definition;
// plotly_widget.py adds how the bundle is reached (imported by URL, or the bundle itself before this).
function shogunTutorWidget(shared) {
  const view = shared.FigureView && shared.FigureView.prototype;
  if (view && !view.__shogunTutor) {
    view.__shogunTutor = true;
    view._sendTraceDeltas = function (id) {
      this.model.set("_js2py_traceDeltas", { trace_deltas: [], trace_edit_id: id });
      this.touch();
    };
    view._sendLayoutDelta = function (id) {
      this.model.set("_js2py_widget_layoutDelta", { layout_delta: {}, layout_edit_id: id });
      this.touch();
    };
  }
  const decode = (v) => {
    if (v === "_undefined_") return undefined;
    if (Array.isArray(v)) return v.map(decode);
    if (v === null || typeof v !== "object" || ArrayBuffer.isView(v) || "dtype" in v) return v;
    const out = {};
    for (const [k, x] of Object.entries(v)) {
      const d = decode(x);
      if (d !== undefined) out[k] = d;
    }
    return out;
  };
  const missed = (model) => {
    const [traces, layout] = model.get("_shogun_base") || [0, 0];
    return model.get("_last_trace_edit_id") > traces || model.get("_last_layout_edit_id") > layout;
  };
  return () => {
    const plotly = shared.default();
    let current = Promise.resolve();
    return {
      initialize({ model }) {
        if (missed(model)) {
          current = new Promise((resolve) => {
            const done = () => { model.off("change:_shogun_base", done); clearTimeout(timer); resolve(); };
            const timer = setTimeout(done, 20000);
            model.on("change:_shogun_base", done);
          });
          model.send({ shogun: "resync" });
        }
        return plotly.initialize({
          model: {
            get: (key) => key.startsWith("_py2js_") ? decode(model.get(key)) : model.get(key),
            set: (...a) => model.set(...a),
            on: (...a) => model.on(...a),
            off: (...a) => model.off(...a),
            send: (...a) => model.send(...a),
            save_changes: () => model.save_changes(),
          },
        });
      },
      async render(context) {
        await current;
        return plotly.render(context);
      },
    };
  };
}
