# Un sustituto suelto (no es un carácter): la página muestra el carácter de
# reemplazo y sigue, sin romper ni el worker ni la salida.
# estado: Ejecución terminada.
# salida-re: ^antes\n\ufffd\ndespués\n$
# desafío: resuelto
print("antes")
print("\ud800")
print("después")
