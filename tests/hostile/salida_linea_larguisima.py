# Una sola línea de diez millones de caracteres: recortada, sin bloquear la página.
# estado: Ejecución terminada.
# salida-re: \[Salida recortada: se ha llegado al límite de 100\u00a0000 caracteres, y lo que se imprima desde aquí no se muestra\.\]
# desafío: resuelto o no resuelto
# desafío-dice: tiempo límite|no ha terminado en
print("x" * 10**7)
