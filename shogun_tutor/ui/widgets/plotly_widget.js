// plotly's widget module (plotly.py 6-7, anywidget), mended: see shogun_tutor/ui/widgets/plotly_widget.py.
// `shogunTutorWidget(plotly)` takes the bundle's exports (or a function that imports them) and returns the anywidget
// definition; plotly_widget.py adds how the bundle is reached (imported by URL, or the bundle itself before this).
function shogunTutorWidget(source) {
  let loading = null;
  const load = () => loading || (loading = Promise.resolve(typeof source === "function" ? source() : source)
    .then((shared) => { mend(shared); return shared; }));
  return shogunTutorDefinition(load);
}

function mend(shared) {
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
    // A view listens to its model's updates (perform_render: model.on("change:_py2js_update", ...)) and plotly's
    // remove() purges its plot but never stops listening: a view taken off the page (a try-it's map when the
    // rulebook moves to another screen) went on applying the figure's later updates to its purged plot, where
    // Plotly.update throws (gd.data is gone): "Error setting state: Cannot read properties of undefined (reading
    // 'length')", and the listeners after it (the view on the page) missed the update. Each view notes the
    // listeners it adds and removes them with itself.
    const performRender = view.perform_render, removeView = view.remove;
    view.perform_render = function () {
      const model = this.model, added = (this.__shogunListeners = []);
      const own = Object.prototype.hasOwnProperty.call(model, "on"), on = model.on;
      model.on = function (name, callback) { added.push([name, callback]); return on.call(this, name, callback); };
      const rendered = (event) => {
        if (event.detail && event.detail.viewID === this.viewID) { this.__shogunDrawn = true; document.removeEventListener("plotlywidget-after-render", rendered); }
      };
      document.addEventListener("plotlywidget-after-render", rendered);
      this.__shogunStopWaiting = () => document.removeEventListener("plotlywidget-after-render", rendered);
      try {
        return performRender.call(this);
      } finally {
        if (own) model.on = on; else delete model.on;
      }
    };
    view.remove = function () {
      for (const [name, callback] of this.__shogunListeners || []) this.model.model.off(name, callback);
      this.__shogunListeners = [];
      if (this.__shogunDrawn || !this.__shogunStopWaiting) return removeView.call(this);
      // still drawing its first plot: purged now, the drawing's end (which wires the plot's events) would throw;
      // purged once it is drawn (or given up after 10 s)
      const later = () => { clearTimeout(timer); document.removeEventListener("plotlywidget-after-render", drawn); this.__shogunStopWaiting(); removeView.call(this); };
      const drawn = (event) => { if (event.detail && event.detail.viewID === this.viewID) later(); };
      const timer = setTimeout(later, 10000);
      document.addEventListener("plotlywidget-after-render", drawn);
    };
  }
}

// anywidget gives a model 2 s to initialise (AbortSignal.timeout in its runtime: "[anywidget] Failed to initialize
// model."); on a slow phone plotly.js alone takes longer to arrive and run. So initialize waits for plotly's model at
// most 1 s (as long as it takes when the bundle is at hand), then returns: plotly's model is made once the bundle is
// loaded, and render waits for it. Updates that came before are caught as any missed update is (the kernel sends the
// figure again).
function shogunTutorDefinition(load) {
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
  const resync = (model) => new Promise((resolve) => {
    const done = () => { model.off("change:_shogun_base", done); clearTimeout(timer); resolve(); };
    const timer = setTimeout(done, 20000);
    model.on("change:_shogun_base", done);
    model.send({ shogun: "resync" });
  });
  return () => {
    let plotly = null;
    let current = Promise.resolve();
    return {
      initialize({ model }) {
        current = load().then((shared) => {
          plotly = shared.default();
          const waiting = missed(model) ? resync(model) : null;
          plotly.initialize({
            model: {
              get: (key) => key.startsWith("_py2js_") ? decode(model.get(key)) : model.get(key),
              set: (...a) => model.set(...a),
              on: (...a) => model.on(...a),
              off: (...a) => model.off(...a),
              send: (...a) => model.send(...a),
              save_changes: () => model.save_changes(),
            },
          });
          return waiting;
        });
        return Promise.race([current, new Promise((resolve) => setTimeout(resolve, 1000))]);
      },
      async render(context) {
        await current;
        return plotly.render(context);
      },
    };
  };
}
