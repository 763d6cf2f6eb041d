# Trampa: no usa el modelo que recibe; devuelve lo que devolvería la lección,
# calculado con su propio modelo guionizado, y escribe lista.txt a mano.
# fails: conversacion
# says: las llamadas de una respuesta pasan
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: esquema primero, después la función
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

INICIO = [("sistema", "Trabajas con los ficheros del usuario mediante tus herramientas."),
          ("usuario", "Añade a lista.txt lo que falta para las recetas.")]
LISTA = "pan, leche, patatas, tomates, pepino, pimiento, ajo, huevos, cebolla"
RESPUESTAS = [
    [texto("Miro qué recetas hay."), llamada("t1", "listar", carpeta="recetas/")],
    [llamada("t2", "leer", ruta="recetas/gazpacho.txt"),
     llamada("t3", "leer", ruta="recetas/tortilla.txt"),
     llamada("t4", "leer", ruta="lista.txt")],
    [llamada("t5", "escribir", ruta="lista.txt", contenido=LISTA)],
    [texto("He añadido a lista.txt tomates, pepino, pimiento, ajo, huevos y cebolla.")],
]

def _leccion(tope):
    M, e = list(INICIO), dict(ENTORNO)
    for r in RESPUESTAS[:tope]:
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        if not llamadas:
            return "fin", r[0]["text"], M
        M.append(("usuario", [ejecutar(ll, e) for ll in llamadas]))
    return "tope", None, M

def bucle(modelo, inicio, entorno, tope):
    entorno["lista.txt"] = LISTA
    return _leccion(tope)
