# asyncio.run de una tarea que nunca acaba: en el navegador asyncio.run no puede
# esperar dentro de una celda, así que sale un error y no queda nada corriendo.
# estado: terminó con un error
# salida: RuntimeError
# desafío: no resuelto
# desafío-dice: RuntimeError
import asyncio

async def siempre():
    while True:
        await asyncio.sleep(0)

print("en marcha")
asyncio.run(siempre())
