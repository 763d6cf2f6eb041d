# Lo que parece HTML se muestra como texto: ni etiquetas ni scripts en la página.
# estado: Ejecución terminada.
# salida: <script>document.title = "pwned"</script>
# salida: <b onmouseover=alert(1)>negrita</b>
# desafío: resuelto
print('<script>document.title = "pwned"</script>')
print("<b onmouseover=alert(1)>negrita</b>")
