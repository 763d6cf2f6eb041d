# Un millón de líneas: se muestran las primeras, una nota dice cuánto se ha
# omitido, y la página sigue respondiendo mientras tanto.
# estado: Ejecución terminada.
# salida: 999
# salida-re: \[Salida recortada: se muestran los primeros 100\u00a0000 caracteres y se han omitido 6\u00a0788\u00a0890 más\.\]
# no-salida: 999999
# responde: sí
# desafío: resuelto o no resuelto
# desafío-dice: tiempo límite|no ha terminado en
for i in range(10**6):
    print(i)
