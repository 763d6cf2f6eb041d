# Imprime sin parar: la salida se recorta, la página sigue respondiendo y Detener lo para.
# detener: 9999
# estado: Ejecución detenida.
# salida: 0
# salida-re: \[Salida recortada: se muestran los primeros 100 000 caracteres y se han omitido [\d ]+ más\.\]
i = 0
while True:
    print(i)
    i += 1
