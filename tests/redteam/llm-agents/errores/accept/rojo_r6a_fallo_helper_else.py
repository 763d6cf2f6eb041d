# style: a fallo(id, mensaje) helper like cell 2's, with try/except/else so only the call sits in the try.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, FUNCIONES, incumple, resultado...
exec(open_url("/courses/llm-agents/bucle.py").read())       # bucle(modelo, inicio, entorno, tope), sin cambios

def fallo(id, mensaje):  # el tool_result de siempre, con is_error
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}

def ejecutar(ll, entorno):
    motivo = incumple(ll)
    if motivo is not None:
        return fallo(ll["id"], motivo)
    funcion = FUNCIONES[ll["name"]]
    try:
        valor = funcion(entorno, **ll["input"])
    except Exception as e:
        return fallo(ll["id"], "%s: %s" % (type(e).__name__, e))
    else:
        return resultado(ll["id"], valor)

# la conversación de la lección, con esta ejecutar
INICIO = [("sistema", "Trabajas con los ficheros del usuario mediante tus herramientas."),
          ("usuario", "¿Qué ingredientes lleva la tortilla?")]
RESPUESTAS = [
    [texto("Leo la receta."), llamada("t1", "leer", fichero="tortilla")],
    [llamada("t2", "leer", ruta="tortilla.txt")],
    [texto("No hay ningún tortilla.txt. Miro qué recetas hay."), llamada("t3", "listar", carpeta="recetas/")],
    [llamada("t4", "leer", ruta="recetas/tortilla.txt")],
    [texto("La tortilla lleva patatas, huevos y cebolla.")],
]
copia = dict(ENTORNO)
GUION = guion_de(INICIO, RESPUESTAS, [[ejecutar(b, copia) for b in r if b["type"] == "tool_use"]
                                      for r in RESPUESTAS])
modelo = ModeloGuionizado(GUION)
estado, final, M = bucle(modelo, INICIO, dict(ENTORNO), 10)
for i, (rol, contenido) in enumerate(M):
    lineas = [contenido] if isinstance(contenido, str) else [
        muestra(b) + ("   · is_error" if b.get("is_error") else "") for b in contenido]
    print("%2d %-10s " % (i, rol) + ("\n" + " " * 14).join(lineas))
print("\n%s, %d turnos: %s" % (estado, modelo.turno, final))
