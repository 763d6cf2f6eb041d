# Cien mil cambios entre stdout y stderr: todo llega, en orden, sin ahogar la página.
# estado: Ejecución terminada.
# salida-re: ^(o\ne\n){5000}
# salida-re: \[Salida recortada: se ha llegado al límite de 100\u00a0000 caracteres, y lo que se imprima desde aquí no se muestra\.\]
# desafío: resuelto o no resuelto
# desafío-dice: tiempo límite|no ha terminado en
import sys
for _ in range(100_000):
    print("o")
    print("e", file=sys.stderr)
