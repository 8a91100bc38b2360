window.__dragRenderError = function (message) {
  var box = document.getElementById('script-errors');
  if (!box) return;
  var line = document.createElement('div');
  line.textContent = String(message);
  box.appendChild(line);
};
window.onerror = function (message, source, line, column) {
  window.__dragRenderError('script error: ' + message + (line ? ' (line ' + line + ':' + column + ')' : ''));
};
