# mistake: deja los tipos de llamada en una "tupla" ("tool_use") sin la coma final, que es una cadena; "in" mira subcadenas y un bloque de tipo "tool" o "use" cuenta como llamada
# fails: generadas
# says: las llamadas de una respuesta
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(bloque, entorno):  # la de la Celda 1: primero valida, después ejecuta
    motivo = incumple(bloque)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))


TIPOS_LLAMADA = ("tool_use")   # por si aparecen más tipos de llamada, se añaden aquí
TIPOS_TEXTO = ("text",)


def bucle(modelo, inicio, entorno, tope):
    M = list(inicio)
    for _ in range(tope):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] in TIPOS_LLAMADA]
        if not llamadas:
            return ("fin", " ".join(b["text"] for b in r if b["type"] in TIPOS_TEXTO), M)
        M.append(("usuario", [ejecutar(b, entorno) for b in llamadas]))
    return ("tope", None, M)
