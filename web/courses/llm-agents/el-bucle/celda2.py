# Esta celda usa lo que define la Celda 1: bucle, GUION, INICIO, ejecutar...
vistos = []
def mirado(M, herramientas):  # el mismo modelo, pero apunta cuántos mensajes recibe
    vistos.append(len(M))
    return modelo(M, herramientas)

modelo = ModeloGuionizado(GUION)
bucle(mirado, INICIO, dict(ENTORNO))
print("mensajes que recibe el modelo en cada turno:", vistos)

PIDE = [[llamada("t%d" % i, "listar", carpeta="recetas/")] for i in range(1, 13)]
copia = dict(ENTORNO)  # doce respuestas que piden lo mismo y ninguna termina
terco = ModeloGuionizado(guion_de(INICIO, PIDE, [[ejecutar(r[0], copia)] for r in PIDE]))
try:
    bucle(terco, INICIO, dict(ENTORNO))
except RuntimeError as error:
    print("terco:", error, "· turnos:", terco.turno)
