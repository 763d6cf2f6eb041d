import json  # para imprimir el esquema en JSON, como viaja por la API
exec(open_url("/courses/llm-agents/entorno.py").read())  # ENTORNO, HERRAMIENTAS, FUNCIONES...

print("El entorno, que el modelo nunca ve:")
for ruta, contenido in ENTORNO.items():
    print(f"  {ruta:22} {contenido}")

print("\nLo que el modelo sabe de cada herramienta:")
for h in HERRAMIENTAS:
    print(f"  {h['name']:9} {h['description']}")

print("\nEl esquema de leer:")
leer = HERRAMIENTAS[1]  # listar, leer, escribir, buscar: la segunda
print(json.dumps(leer["input_schema"], indent=2, ensure_ascii=False))
