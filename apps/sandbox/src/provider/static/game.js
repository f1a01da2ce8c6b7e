// The demo game page's behaviour (served as a file: the page's CSP allows no inline script).
/* global document */
(function () {
  'use strict';
  var root = document.getElementById('game');
  var form = document.getElementById('bet-form');
  if (!root || !form) return;
  var kind = root.dataset.kind;
  var message = document.getElementById('message');
  var balance = document.getElementById('balance');
  var button = form.querySelector('button');
  var SVG_NS = 'http://www.w3.org/2000/svg';
  // drawn, not emoji: emoji fonts are missing on many machines
  var SYMBOLS = {
    CHERRY: [
      ['path', { d: 'M30 58 Q40 20 70 12 M50 62 Q55 30 70 12', stroke: '#2e7d32', 'stroke-width': 5, fill: 'none' }],
      ['circle', { cx: 30, cy: 68, r: 16, fill: '#c62828' }],
      ['circle', { cx: 56, cy: 72, r: 16, fill: '#d32f2f' }],
    ],
    LEMON: [['ellipse', { cx: 50, cy: 50, rx: 34, ry: 24, fill: '#fbc02d', stroke: '#f57f17', 'stroke-width': 3 }]],
    BELL: [
      [
        'path',
        { d: 'M50 14 C30 14 26 36 26 52 L18 70 L82 70 L74 52 C74 36 70 14 50 14 Z', fill: '#ffb300', stroke: '#e65100', 'stroke-width': 3 },
      ],
      ['circle', { cx: 50, cy: 78, r: 8, fill: '#e65100' }],
    ],
    BAR: [
      ['rect', { x: 10, y: 32, width: 80, height: 36, rx: 6, fill: '#212121' }],
      [
        'text',
        { x: 50, y: 60, 'text-anchor': 'middle', 'font-size': 26, 'font-weight': 800, fill: '#fff', 'font-family': 'sans-serif' },
        'BAR',
      ],
    ],
    SEVEN: [
      [
        'text',
        { x: 50, y: 80, 'text-anchor': 'middle', 'font-size': 80, 'font-weight': 900, fill: '#c62828', 'font-family': 'sans-serif' },
        '7',
      ],
    ],
  };
  var RANKS = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K' };
  var SUITS = { S: '\u2660', H: '\u2665', D: '\u2666', C: '\u2663' };

  function say(text, tone) {
    message.textContent = text;
    message.className = 'message' + (tone ? ' message--' + tone : '');
  }

  function drawSymbol(symbol) {
    var svg = document.createElementNS(SVG_NS, 'svg');
    svg.setAttribute('viewBox', '0 0 100 100');
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', symbol);
    (SYMBOLS[symbol] || []).forEach(function (part) {
      var el = document.createElementNS(SVG_NS, part[0]);
      Object.keys(part[1]).forEach(function (k) {
        el.setAttribute(k, String(part[1][k]));
      });
      if (part[2]) el.textContent = part[2];
      svg.appendChild(el);
    });
    return svg;
  }

  function showSlot(result) {
    var reels = root.querySelectorAll('[data-reel]');
    result.reels.forEach(function (symbol, i) {
      reels[i].textContent = '';
      reels[i].appendChild(drawSymbol(symbol));
    });
  }

  function showHand(side, cards, points) {
    var box = document.getElementById(side + '-cards');
    box.textContent = '';
    cards.forEach(function (card) {
      var el = document.createElement('span');
      el.className = 'card' + (card.suit === 'H' || card.suit === 'D' ? ' card--red' : '');
      el.textContent = (RANKS[card.rank] || String(card.rank)) + SUITS[card.suit];
      box.appendChild(el);
    });
    document.getElementById(side + '-points').textContent = String(points);
  }

  function outcome(result) {
    if (result.kind === 'baccarat' && result.winner === 'TIE' && result.side !== 'TIE') return [root.dataset.tPush, ''];
    if (result.payout !== '0.00') return [root.dataset.tWin + ' ' + result.payout + ' THB', 'win'];
    return [root.dataset.tLose, 'lose'];
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var body = { amount: form.elements.amount.value };
    if (kind === 'baccarat') body.side = root.querySelector('input[name=side]:checked').value;
    button.disabled = true;
    root.classList.add('busy');
    fetch(root.dataset.betUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
      .then(function (res) {
        return res.json().then(function (json) {
          return { ok: res.ok, json: json };
        });
      })
      .then(function (r) {
        if (!r.ok) {
          var code = r.json && r.json.error && r.json.error.code;
          say(code === 'INSUFFICIENT_BALANCE' ? root.dataset.tInsufficient : root.dataset.tFailed, 'lose');
          return;
        }
        if (r.json.kind === 'slot') showSlot(r.json);
        else {
          showHand('player', r.json.player, r.json.playerPoints);
          showHand('banker', r.json.banker, r.json.bankerPoints);
        }
        balance.textContent = r.json.balance;
        var o = outcome(r.json);
        say(o[0], o[1]);
      })
      .catch(function () {
        say(root.dataset.tFailed, 'lose');
      })
      .then(function () {
        button.disabled = false;
        root.classList.remove('busy');
      });
  });
})();
