# Esta celda usa lo que ha cargado la Celda 1: ENTORNO, FUNCIONES, incumple...
M = [("sistema", "Trabajas con los ficheros del usuario mediante tus herramientas."),
     ("usuario", "¿Qué hay en lista.txt?")]

r = [texto("Miro la lista."), llamada("t1", "leer", ruta="lista.txt")]  # la respuesta del modelo
M.append(("asistente", r))

bloque = r[1]                    # el bloque tool_use: la llamada
print("¿incumple su esquema?", incumple(bloque))
entorno = dict(ENTORNO)          # una copia: las herramientas trabajan sobre ella
devuelto = FUNCIONES[bloque["name"]](entorno, **bloque["input"])
M.append(("usuario", [resultado(bloque["id"], devuelto)]))  # la observación

for i, (rol, contenido) in enumerate(M):  # el número del mensaje, su rol y lo que lleva
    if isinstance(contenido, str):
        print(i, rol, contenido)
    else:
        for b in contenido:  # una línea por bloque
            print(i, rol, muestra(b))
print("\nEl bloque tool_result, tal cual:", M[3][1][0])
print("Una llamada mal escrita:", incumple(llamada("t2", "leer", fichero="lista.txt")))
