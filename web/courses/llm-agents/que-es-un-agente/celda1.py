import json
exec(open_url("/courses/llm-agents/entorno.py").read())  # ficheros, herramientas, bloques

print("El entorno, que el modelo nunca ve:")
for ruta, contenido in ENTORNO.items():
    print("  %-22s %s" % (ruta, contenido))

print("\nLo que el modelo sabe de cada herramienta:")
for h in HERRAMIENTAS:
    print("  %-9s %s" % (h["name"], h["description"]))

print("\nEl esquema de leer:")
print(json.dumps(HERRAMIENTAS[1]["input_schema"], indent=2, ensure_ascii=False))
