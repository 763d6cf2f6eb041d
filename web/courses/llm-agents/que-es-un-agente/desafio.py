exec(open_url("/courses/llm-agents/entorno.py").read())  # texto, llamada, resultado, muestra...

def sin_observacion(M):
    # Devuelve la lista de los id de las llamadas de M que no tienen su observación
    # en el mensaje siguiente, con el contrato de la lección.
    faltan = []
    ...
    return faltan
