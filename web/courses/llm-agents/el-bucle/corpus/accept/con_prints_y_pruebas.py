# Imprime mientras trabaja y se prueba a sí mismo al cargarse, como en la celda 1.
exec(open_url("/courses/llm-agents/guionizado.py").read())  # ModeloGuionizado
exec(open_url("/courses/llm-agents/entorno.py").read())     # ENTORNO, HERRAMIENTAS, FUNCIONES...

def ejecutar(ll, entorno):  # la de la celda 1: esquema primero, después la función
    motivo = incumple(ll)
    if motivo is not None:
        raise ValueError(motivo)
    return resultado(ll["id"], FUNCIONES[ll["name"]](entorno, **ll["input"]))

import copy

def bucle(modelo, inicio, entorno, tope):
    M = copy.copy(inicio)
    print("empiezo con", len(M), "mensajes y tope", tope)
    for turno in range(1, tope + 1):
        r = modelo(M, HERRAMIENTAS)
        M.append(("asistente", r))
        llamadas = [b for b in r if b["type"] == "tool_use"]
        print("turno", turno, ":", len(llamadas), "llamadas")
        if not llamadas:
            return "fin", " ".join([b["text"] for b in r if b["type"] == "text"]), M
        M.append(("usuario", [ejecutar(ll, entorno) for ll in llamadas]))
    return "tope", None, M

if __name__ == "__main__":
    INICIO = [("sistema", "Trabajas con los ficheros del usuario mediante tus herramientas."),
              ("usuario", "Añade a lista.txt lo que falta para las recetas.")]
    RESPUESTAS = [[texto("Miro qué recetas hay."), llamada("t1", "listar", carpeta="recetas/")],
                  [texto("Hecho.")]]
    copia = dict(ENTORNO)
    GUION = guion_de(INICIO, RESPUESTAS, [[ejecutar(b, copia) for b in r if b["type"] == "tool_use"]
                                          for r in RESPUESTAS])
    print(bucle(ModeloGuionizado(GUION), INICIO, dict(ENTORNO), 5)[0])
