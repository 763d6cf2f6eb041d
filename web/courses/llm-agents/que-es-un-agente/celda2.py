# Esta celda usa lo que ha cargado la Celda 1: ENTORNO, FUNCIONES, incumple...
M = [("sistema", "Trabajas con los ficheros del usuario mediante tus herramientas."),
     ("usuario", "¿Qué hay en lista.txt?")]

r = [texto("Miro la lista."), llamada("t1", "leer", ruta="lista.txt")]  # la respuesta del modelo
M.append(("asistente", r))

ll = r[1]                        # el bloque tool_use: la llamada
print("¿incumple su esquema?", incumple(ll))
entorno = dict(ENTORNO)          # una copia: las herramientas trabajan sobre ella
devuelto = FUNCIONES[ll["name"]](entorno, **ll["input"])
M.append(("usuario", [resultado(ll["id"], devuelto)]))  # la observación

for i, (rol, contenido) in enumerate(M):
    lineas = [contenido] if isinstance(contenido, str) else [muestra(b) for b in contenido]
    print("%d %-10s " % (i, rol) + ("\n" + " " * 13).join(lineas))
print("\nEl bloque tool_result, tal cual:", M[3][1][0])
print("Una llamada mal escrita:", incumple(llamada("t2", "leer", fichero="lista.txt")))
