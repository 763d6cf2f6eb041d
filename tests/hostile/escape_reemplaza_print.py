# Cambia print por una función que no hace nada: solo afecta a esta ejecución.
# estado: Ejecución terminada.
# salida-re: ^por la puerta de atrás\n$
# desafío: resuelto
import builtins, sys
builtins.print = lambda *args, **kwargs: None
print("no se ve")
sys.stdout.write("por la puerta de atrás\n");  # ; : the count it returns is not shown
