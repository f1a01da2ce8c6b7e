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
  var SYMBOLS = { CHERRY: '\u{1F352}', LEMON: '\u{1F34B}', BELL: '\u{1F514}', BAR: 'BAR', SEVEN: '7' };
  var RANKS = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K' };
  var SUITS = { S: '\u2660', H: '\u2665', D: '\u2666', C: '\u2663' };

  function say(text, tone) {
    message.textContent = text;
    message.className = 'message' + (tone ? ' message--' + tone : '');
  }

  function showSlot(result) {
    var reels = root.querySelectorAll('[data-reel]');
    result.reels.forEach(function (symbol, i) {
      reels[i].textContent = SYMBOLS[symbol] || symbol;
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
    if (kind === 'baccarat') body.side = form.querySelector('input[name=side]:checked').value;
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
