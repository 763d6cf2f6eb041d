# Cien mil cambios entre stdout y stderr: todo llega, en orden, sin ahogar la página.
# estado: Ejecución terminada.
# salida-re: ^(o\ne\n){5000}
# salida-re: \[Salida recortada: se muestran los primeros 100\u00a0000 caracteres y se han omitido 300\u00a0000 más\.\]
# desafío: resuelto o no resuelto
# desafío-dice: tiempo límite|no ha terminado en
import sys
for _ in range(100_000):
    print("o")
    print("e", file=sys.stderr)
