# Estropea performance.now y Object.fromEntries, que el worker usa para mandar la
# salida y el resultado: la página no se queda esperando; termina o cambia de intérprete.
# estado-re: Ejecución terminada\.|El intérprete de Python se ha detenido
# consola: Python worker|fatal error|performance\.now is not a function
# desafío: resuelto o no resuelto
# desafío-dice: El intérprete de Python se ha detenido
import js
js.performance.now = None
js.Object.fromEntries = None
print("sigue")
