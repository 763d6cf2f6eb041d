# Esta celda usa lo que define la Celda 1: INICIO, RESPUESTAS, bucle...
def fallo(id, mensaje):  # una observación de error: el tool_result de siempre, con is_error
    return {"type": "tool_result", "tool_use_id": id, "content": mensaje, "is_error": True}

def ejecutar(bloque, entorno):  # la llamada que incumple su esquema ya no lanza
    motivo = incumple(bloque)
    if motivo is not None:
        return fallo(bloque["id"], motivo)  # el motivo vuelve al modelo
    return resultado(bloque["id"], FUNCIONES[bloque["name"]](entorno, **bloque["input"]))

copia = dict(ENTORNO)  # la observación del turno 1, calculada con esta versión de ejecutar
PRIMERA = [ejecutar(b, copia) for b in RESPUESTAS[0] if b["type"] == "tool_use"]
print("observación de t1:", PRIMERA[0])

modelo = ModeloGuionizado(guion_de(INICIO, RESPUESTAS[:2], [PRIMERA]))
try:
    bucle(modelo, INICIO, dict(ENTORNO), 10)  # el mismo bucle: busca ejecutar por su nombre
except Exception as error:
    print("\nbucle no devuelve nada: %s: %s · respuestas del modelo: %d"
          % (type(error).__name__, error, modelo.turno))
