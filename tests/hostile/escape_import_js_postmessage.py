# Publica en el canal del worker un resultado falso: la página no lo escucha.
# estado: Ejecución terminada.
# salida-re: ^de verdad\n$
# desafío: resuelto
import js
from pyodide.ffi import to_js
for i in range(1, 50):
    js.postMessage(to_js({"type": "result", "id": i,
                          "result": {"ok": False, "error": "falso", "interrupted": True}},
                         dict_converter=js.Object.fromEntries))
    js.postMessage(to_js({"type": "output", "id": i, "parts": [["stdout", "inyectado"]]},
                         dict_converter=js.Object.fromEntries))
print("de verdad")
