# js.eval: la política de seguridad del sitio prohíbe evaluar texto como JavaScript
# también en el worker (serve la manda en la cabecera).
# estado: terminó con un error
# salida: EvalError
# desafío: no resuelto
# desafío-dice: EvalError
import js
js.eval("self.postMessage({type: 'result', id: 1, result: {ok: true}})")
