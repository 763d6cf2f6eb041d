# Una sola línea de diez millones de caracteres: recortada, sin bloquear la página.
# estado: Ejecución terminada.
# salida-re: \[Salida recortada: se muestran los primeros 100\u00a0000 caracteres y se han omitido 9\u00a0900\u00a0001 más\.\]
# desafío: resuelto o no resuelto
# desafío-dice: tiempo límite|no ha terminado en
print("x" * 10**7)
