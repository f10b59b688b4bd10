// `compression` proxies `res.on("drain", fn)` to its compressor stream but not `res.off`/`removeListener`,
// and `res.once("drain", fn)` removes its wrapper from `res`, where it never was. React Router's Node
// writer waits for 'drain' with `once` and cleans up with `off` every time a write backs up, so each wait
// left one listener on the compressor: a large HTML page logged MaxListenersExceededWarning, and the
// dead listeners ran on every later drain. This middleware (installed after compression) keeps the
// response's drain listeners itself, behind one listener on whatever `res.on` attaches to, so `once`,
// `off` and `removeListener` work as they do on any stream.

/** @type {import("express").RequestHandler} */
export function removableDrainListeners(_request, response, next) {
  /** @type {Array<{ listener: (...args: unknown[]) => void, once: boolean }>} */
  let listeners = [];
  let isAttached = false;
  const on = response.on;
  const once = response.once;
  const removeListener = response.removeListener;

  function dispatch(...args) {
    const current = listeners;
    listeners = current.filter((entry) => !entry.once);
    for (const entry of current) entry.listener.apply(response, args);
  }
  function add(listener, isOnce) {
    if (!isAttached) {
      on.call(response, "drain", dispatch);
      isAttached = true;
    }
    listeners.push({ listener, once: isOnce });
  }

  response.on = response.addListener = function addDrainAware(type, listener) {
    if (type !== "drain") return on.call(this, type, listener);
    add(listener, false);
    return this;
  };
  response.once = function onceDrainAware(type, listener) {
    if (type !== "drain") return once.call(this, type, listener);
    add(listener, true);
    return this;
  };
  response.off = response.removeListener = function removeDrainAware(type, listener) {
    if (type !== "drain") return removeListener.call(this, type, listener);
    const index = listeners.findIndex((entry) => entry.listener === listener);
    if (index >= 0) listeners.splice(index, 1);
    return this;
  };
  next();
}
