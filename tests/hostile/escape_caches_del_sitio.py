# Busca, desde el worker, las cachés donde el sitio guarda su copia para usarlo sin
# conexión, para borrarlas o poner basura en lugar de la página de la lección: no las
# alcanza por ningún camino (ni `caches`, ni un worker anidado, que tendría las suyas,
# ni el registro del service worker). Si alcanza alguna, termina con un error, también
# en el desafío, que entonces no se resuelve.
# estado: Ejecución terminada.
# salida: js.caches: no
# salida: js.self.caches: no
# salida: js.globalThis.caches: no
# salida: descriptor de caches: no
# salida: Worker: no
# salida: navigator.serviceWorker: no
# salida: pyodide.code.run_js: no
# desafío: resuelto
import js

alcanzadas = []


def hay(nombre, obtener):
    try:
        valor = obtener()
    except Exception:
        valor = None
    print(f"{nombre}: {'no' if valor is None else 'sí'}")
    if valor is not None:
        alcanzadas.append(nombre)


def descriptor():
    # En el propio ámbito global o en cualquiera de sus prototipos.
    objeto = js.self
    for _ in range(6):
        encontrado = js.Object.getOwnPropertyDescriptor(objeto, "caches")
        if encontrado is not None:
            return encontrado
        objeto = js.Object.getPrototypeOf(objeto)
    return None


def por_run_js():
    from pyodide.code import run_js
    return run_js("globalThis.caches")


hay("js.caches", lambda: js.caches)
hay("js.self.caches", lambda: js.self.caches)
hay("js.globalThis.caches", lambda: js.globalThis.caches)
hay("descriptor de caches", descriptor)
hay("Worker", lambda: js.Worker)
hay("navigator.serviceWorker", lambda: js.navigator.serviceWorker)
hay("pyodide.code.run_js", por_run_js)

if alcanzadas:
    raise SystemExit("alcanza las cachés del sitio por: " + ", ".join(alcanzadas))
