// The learner's work in localStorage, under keys `lessonrt:<course>/<lesson>:<what>`.
//
// Storage may be missing (some embedded browsers), throw on mere access (cookies
// blocked, some private windows) or be full. None of that may break a lesson, so no
// call here throws: values also live in memory for this visit, and `persistent`
// tells the page whether they will survive a reload.

const PREFIX = "lessonrt:";

function openBackend(backend) {
  try {
    const store = backend === undefined ? globalThis.localStorage : backend;
    if (!store) return null;
    // Reading is not enough: Safari's old private mode read fine and threw on write.
    const probe = `${PREFIX}probe`;
    store.setItem(probe, "1");
    const ok = store.getItem(probe) === "1";
    store.removeItem(probe);
    return ok ? store : null;
  } catch {
    return null;
  }
}

/**
 * Storage for one lesson.
 * @param {string} course   e.g. "llm-agents"
 * @param {string} lesson   e.g. "el-bucle"
 * @param {Storage|null} [backend]  defaults to localStorage; tests pass their own
 * @returns {{get: (what: string, fallback?: any) => any,
 *           set: (what: string, value: any, worth?: number) => boolean,
 *           remove: (what: string) => void, key: (what: string) => string, readonly persistent: boolean,
 *           onChange: (listener: (what: string, value: any) => void) => void,
 *           onKept: (listener: (kept: boolean) => void) => void}}
 *   `get` returns the JSON value saved under `what`, or `fallback` (default null);
 *   `set` returns whether the value reached persistent storage. `worth` ranks what to keep
 *   when space runs out: WORTH_CODE (the learner's code) before WORTH_WORK (answers, hints seen) before
 *   WORTH_TRACE (what can be rebuilt: the last verdict, the visit's dates).
 */
export const WORTH_CODE = 2;
export const WORTH_WORK = 1;
export const WORTH_TRACE = 0;

export function createStorage(course, lesson, backend) {
  let store = openBackend(backend);
  const memory = new Map();
  // Writes that failed (storage full): retried at every later write, in order of worth,
  // so one failure never turns off the saves that fit.
  const pending = new Map();
  const worths = new Map();
  const keptListeners = [];
  let kept = true;
  const key = (what) => `${PREFIX}${course}/${lesson}:${what}`;

  const write = (what) => {
    try {
      store.setItem(key(what), JSON.stringify(memory.get(what)));
      pending.delete(what);
      return true;
    } catch {
      pending.set(what, true);
      return false;
    }
  };
  // Space for something worth more: this visit's values worth less leave the backend
  // (they stay in memory and pending, and come back when there is room).
  const makeRoom = (worth) => {
    for (const [what, w] of worths) {
      if (w >= worth || pending.has(what) || !memory.has(what)) continue;
      try {
        store.removeItem(key(what));
        pending.set(what, true);
      } catch {
        return;
      }
    }
  };
  const retry = () => {
    const order = [...pending.keys()].sort((a, b) => (worths.get(b) ?? WORTH_WORK) - (worths.get(a) ?? WORTH_WORK));
    for (const what of order) if (memory.has(what)) write(what); else pending.delete(what);
  };
  const tell = () => {
    const now = store !== null && pending.size === 0;
    if (now === kept) return;
    kept = now;
    for (const listener of keptListeners) listener(kept);
  };

  return {
    key,
    get persistent() {
      return store !== null && pending.size === 0;
    },
    get(what, fallback = null) {
      if (memory.has(what)) return memory.get(what);
      try {
        const text = store?.getItem(key(what));
        return text == null ? fallback : JSON.parse(text);
      } catch {
        return fallback; // unreadable or hand-edited: start afresh rather than fail
      }
    },
    set(what, value, worth = WORTH_WORK) {
      memory.set(what, value);
      worths.set(what, worth);
      if (!store) return false;
      let ok = write(what);
      if (!ok) {
        makeRoom(worth);
        ok = write(what);
      }
      if (pending.size) retry();
      tell();
      return ok;
    },
    remove(what) {
      memory.delete(what);
      pending.delete(what);
      try {
        store?.removeItem(key(what));
      } catch {
        // storage revoked mid-visit: nothing kept under that key anyway
      }
      if (store && pending.size) retry();
      tell();
    },
    /** Calls `listener(what, value)` when another tab of this site changes one of this
     * lesson's values (the `storage` event; a tab is not told of its own writes), after
     * this visit's copy has taken the new value. value is null when it was removed. */
    onChange(listener) {
      const own = key("");
      globalThis.addEventListener?.("storage", (event) => {
        if (!event.key?.startsWith(own) || (event.storageArea && event.storageArea !== store)) return;
        const what = event.key.slice(own.length);
        let value = null;
        try {
          value = event.newValue == null ? null : JSON.parse(event.newValue);
        } catch {
          // unreadable: treated as removed
        }
        if (value === null) memory.delete(what);
        else memory.set(what, value);
        listener(what, value);
      });
    },
    /** Calls `listener(false)` when a write fails (the storage is full) and `listener(true)`
     * when every value of this visit is kept again. */
    onKept(listener) {
      keptListeners.push(listener);
    },
  };
}

/** Every value this browser keeps for a course, as {lesson: {what: value}}, and a way to
 * forget them all. The memory snapshot and anything of another course stay. */
export function courseRecords(course, backend) {
  const store = openBackend(backend);
  const prefix = `${PREFIX}${course}/`;
  const keys = () => {
    const found = [];
    try {
      for (let i = 0; i < store.length; i++) {
        const k = store.key(i);
        if (k?.startsWith(prefix) && k.includes(":", prefix.length)) found.push(k);
      }
    } catch {
      // storage gone mid-visit: nothing more to list
    }
    return found;
  };
  return {
    read() {
      const lessons = {};
      for (const k of store ? keys() : []) {
        const rest = k.slice(prefix.length);
        const at = rest.indexOf(":");
        let value;
        try {
          value = JSON.parse(store.getItem(k));
        } catch {
          continue;
        }
        (lessons[rest.slice(0, at)] ??= {})[rest.slice(at + 1)] = value;
      }
      return lessons;
    },
    clear() {
      for (const k of store ? keys() : []) {
        try {
          store.removeItem(k);
        } catch {
          return;
        }
      }
    },
  };
}

/** The save behind a code editor's onChange, for cells and the challenge alike:
 * each edit is written at once (a crashed tab runs no more code, and Firefox may
 * refuse a write made while its tab closes), and code back at `original` leaves
 * nothing kept. Restaurar calls it with `original`: a box that has not mounted
 * reports no change of its own. */
export function keepCode(storage, what, original) {
  const from = startedFrom(what);
  const stamp = codeStamp(original);
  return (code) => {
    if (code === original) {
      storage.remove(what);
      storage.remove(from);
      return;
    }
    storage.set(what, code, WORTH_CODE);
    if (storage.get(from) !== stamp) storage.set(from, stamp, WORTH_CODE);
  };
}

/** Where the stamp of the starting code a box's saved code grew from is kept: a later
 * build whose starting code differs is then told apart (restore.js). */
export const startedFrom = (what) => `from:${what}`;

/** A short digest of a starting code (FNV-1a, 32 bits): enough to tell two versions of
 * one box's code apart. */
export function codeStamp(code) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < code.length; i++) hash = Math.imul(hash ^ code.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16);
}
