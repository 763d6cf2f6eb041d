# Una sola línea de diez millones de caracteres: recortada, sin bloquear la página.
# estado: Ejecución terminada.
# salida-re: \[Salida recortada: se muestran los primeros 100 000 caracteres y se han omitido 9 900 001 más\.\]
print("x" * 10**7)
