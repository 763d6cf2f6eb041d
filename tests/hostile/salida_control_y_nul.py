# Caracteres de control y NUL: se muestran como texto y no cortan la salida.
# estado: Ejecución terminada.
# salida-re: ^a\x00b\x07c\x08d\x0ce\n\u2028f\ufeffg\nfin\n$
# desafío: resuelto
print("a\x00b\x07c\x08d\x0ce")
print("\u2028f\ufeffg")
print("fin")
