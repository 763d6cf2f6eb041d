# Registra con sys.monitoring una herramienta que falla en cada línea: la siguiente
# ejecución no la tiene (o, si no se deja quitar, la página cambia de intérprete).
# estado-re: Ejecución terminada\.|terminó con un error|El intérprete de Python se ha detenido
# consola: Python worker|fatal error
# desafío: resuelto o no resuelto
# desafío-dice: El intérprete de Python se ha detenido|ZeroDivisionError
import sys

def falla(*args):
    raise ZeroDivisionError("monitoring")

m = sys.monitoring
m.use_tool_id(4, "trampa")
m.register_callback(4, m.events.LINE, falla)
m.set_events(4, m.events.LINE)
