# Esta celda usa lo que definen las Celdas 1 y 2: INICIO, RESPUESTAS, bucle...
exec(open_url("/courses/llm-agents/errores.py").read())  # la función ejecutar del curso; cargada así en el desafío, no cuenta como tuya

copia = dict(ENTORNO)  # las observaciones que espera el guion: sus llamadas, en orden
GUION = guion_de(INICIO, RESPUESTAS, [[ejecutar(b, copia) for b in r if b["type"] == "tool_use"]
                                      for r in RESPUESTAS])

modelo = ModeloGuionizado(GUION)
estado, final, M = bucle(modelo, INICIO, dict(ENTORNO), 10)
for i, (rol, contenido) in enumerate(M):  # M entera; las observaciones de error, marcadas
    lineas = [contenido] if isinstance(contenido, str) else [
        muestra(b) + ("   · is_error" if b.get("is_error") else "") for b in contenido]
    print("%2d %-10s " % (i, rol) + ("\n" + " " * 14).join(lineas))
print("\n%s, %d turnos: %s" % (estado, modelo.turno, final))
