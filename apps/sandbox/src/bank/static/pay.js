/* global document, window, jsQR, createImageBitmap, requestAnimationFrame */
// The sandbox bank's pay page: fills the payload from the link, a picture or the camera, then pays it.
const form = document.getElementById('pay-form');
const payload = document.getElementById('payload');
const bank = document.getElementById('bank');
const result = document.getElementById('result');
const video = document.getElementById('video');

function show(kind, text) {
  result.className = kind;
  result.textContent = text;
}

const fromLink = new URLSearchParams(window.location.hash.slice(1)).get('payload');
if (fromLink) payload.value = fromLink;

function decode(source, width, height) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  ctx.drawImage(source, 0, 0, width, height);
  const code = jsQR(ctx.getImageData(0, 0, width, height).data, width, height);
  return code ? code.data : null;
}

document.getElementById('qr-image').addEventListener('change', async (event) => {
  const file = event.target.files[0];
  if (!file) return;
  const bitmap = await createImageBitmap(file);
  const text = decode(bitmap, bitmap.width, bitmap.height);
  if (text) {
    payload.value = text;
    show('ok', 'QR read from the picture.');
  } else show('error', 'No QR code found in this picture.');
});

document.getElementById('camera').addEventListener('click', async () => {
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
  } catch {
    show('error', 'The camera is not available here: paste the payload or choose a picture.');
    return;
  }
  video.srcObject = stream;
  video.classList.remove('hidden');
  await video.play();
  const tick = () => {
    const text = video.videoWidth ? decode(video, video.videoWidth, video.videoHeight) : null;
    if (!text) return requestAnimationFrame(tick);
    payload.value = text;
    stream.getTracks().forEach((t) => t.stop());
    video.classList.add('hidden');
    show('ok', 'QR read from the camera.');
  };
  requestAnimationFrame(tick);
});

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  show('', 'Paying…');
  try {
    const res = await fetch('/sandbox/bank/payments', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payload: payload.value.trim(), bank: bank.value }),
    });
    const body = await res.json();
    if (!res.ok) return show('error', `Refused: ${body.error.message} (${body.error.code})`);
    show('ok', `Paid ${Number(body.amount).toLocaleString('en-US')} LAK\nOrder: ${body.reference}\nBank reference: ${body.bankReference}`);
  } catch {
    show('error', 'The bank could not be reached. Try again.');
  }
});
