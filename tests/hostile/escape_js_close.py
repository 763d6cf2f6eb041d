# El worker intenta cerrarse a sí mismo: no puede, y la celda termina.
# estado: Ejecución terminada.
# salida-re: ^sigo aquí\n$
# desafío: resuelto
import js
js.close()
js.self.close()
print("sigo aquí")
