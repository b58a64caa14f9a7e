/**
 * The browser script of the playground, shipped as the reference's JS asset. It reads
 * each page's operation data (JSON, never evaluated), builds the request from the form,
 * sends it with fetch straight to the selected server, and shows status, time, headers
 * and the pretty-printed body. Credentials are kept in sessionStorage only.
 */
export const PLAYGROUND_JS = String.raw`(function(){
'use strict';
var AUTH_PREFIX='quire-api-auth:';
function store(){try{return window.sessionStorage;}catch(e){return null;}}
function b64(s){try{return btoa(unescape(encodeURIComponent(s)));}catch(e){return btoa(s);}}
function field(form,name){var els=form.elements;for(var i=0;i<els.length;i++){if(els[i].name===name)return els[i];}return null;}
function setup(root){
  var dataEl=root.querySelector('script[data-api-operation]');
  var form=root.querySelector('form');
  if(!dataEl||!form)return;
  var op;try{op=JSON.parse(dataEl.textContent||'{}');}catch(e){return;}
  var ss=store();
  var authFields=form.querySelectorAll('[name^="auth:"]');
  Array.prototype.forEach.call(authFields,function(el){
    if(ss){var v=ss.getItem(AUTH_PREFIX+el.name);if(v&&!el.value)el.value=v;}
    el.addEventListener('change',function(){if(ss){if(el.value)ss.setItem(AUTH_PREFIX+el.name,el.value);else ss.removeItem(AUTH_PREFIX+el.name);}});
  });
  var out=root.querySelector('.api-pg-response');
  var err=root.querySelector('.api-pg-error');
  var send=root.querySelector('.api-pg-send');
  form.addEventListener('submit',function(ev){
    ev.preventDefault();
    err.textContent='';
    var custom=(field(form,'server-custom')||{value:''}).value.trim();
    var server=(custom||(field(form,'server')||{value:''}).value).replace(/\/+$/,'');
    var path=op.path, query=[], headers={}, missing=[];
    op.parameters.forEach(function(p){
      var el=field(form,'param:'+p.in+':'+p.name);var v=el?el.value:'';
      if(v===''){if(p.required)missing.push(p.name);return;}
      if(p.in==='path')path=path.split('{'+p.name+'}').join(encodeURIComponent(v));
      else if(p.in==='query')query.push(encodeURIComponent(p.name)+'='+encodeURIComponent(v));
      else if(p.in==='header')headers[p.name]=v;
      else if(p.in==='cookie')document.cookie=encodeURIComponent(p.name)+'='+encodeURIComponent(v)+';path=/;SameSite=Lax';
    });
    if(missing.length){err.textContent='Missing required parameter'+(missing.length>1?'s':'')+': '+missing.join(', ');return;}
    op.auth.forEach(function(a){
      if(a.kind==='basic'){var u=field(form,'auth:'+a.key+':username'),pw=field(form,'auth:'+a.key+':password');if(u&&u.value)headers['Authorization']='Basic '+b64(u.value+':'+(pw?pw.value:''));return;}
      var el=field(form,'auth:'+a.key+':value');if(!el||!el.value)return;
      if(a.kind==='apiKey'){if(a.in==='query')query.push(encodeURIComponent(a.name)+'='+encodeURIComponent(el.value));else if(a.in==='header')headers[a.name]=el.value;else document.cookie=encodeURIComponent(a.name)+'='+encodeURIComponent(el.value)+';path=/;SameSite=Lax';}
      else headers['Authorization']='Bearer '+el.value;
    });
    var init={method:op.method,headers:headers};
    var bodyEl=field(form,'body');
    if(bodyEl&&op.bodyType&&op.method!=='GET'&&op.method!=='HEAD'){
      var text=bodyEl.value;
      if(/json/i.test(op.bodyType)){if(text.trim()){try{JSON.parse(text);}catch(e){err.textContent='The body is not valid JSON: '+e.message;return;}}init.body=text;headers['Content-Type']=op.bodyType;}
      else if(/form/i.test(op.bodyType)){var obj={};try{obj=JSON.parse(text||'{}');}catch(e){err.textContent='Write the form fields as a JSON object: '+e.message;return;}
        if(/multipart/i.test(op.bodyType)){var fd=new FormData();Object.keys(obj).forEach(function(k){fd.append(k,typeof obj[k]==='string'?obj[k]:JSON.stringify(obj[k]));});init.body=fd;}
        else{init.body=Object.keys(obj).map(function(k){return encodeURIComponent(k)+'='+encodeURIComponent(typeof obj[k]==='string'?obj[k]:JSON.stringify(obj[k]));}).join('&');headers['Content-Type']=op.bodyType;}}
      else{init.body=text;headers['Content-Type']=op.bodyType;}
    }
    var url=server+path+(query.length?(path.indexOf('?')<0?'?':'&')+query.join('&'):'');
    var status=out.querySelector('[data-status]'),time=out.querySelector('[data-time]'),hdrs=out.querySelector('[data-headers]'),body=out.querySelector('[data-body]');
    out.hidden=false;status.textContent='Sending…';status.className='api-pg-status';time.textContent='';hdrs.textContent='';body.textContent='';
    send.disabled=true;
    var started=performance.now();
    fetch(url,init).then(function(res){
      return res.text().then(function(text){
        var ms=Math.round(performance.now()-started);
        status.textContent=res.status+(res.statusText?' '+res.statusText:'');
        status.className='api-pg-status api-pg-status-'+String(res.status).charAt(0)+'xx';
        time.textContent=ms+' ms';
        var lines=[];res.headers.forEach(function(v,k){lines.push(k+': '+v);});hdrs.textContent=lines.join('\n');
        var pretty=text;try{if(text.trim())pretty=JSON.stringify(JSON.parse(text),null,2);}catch(e){}
        body.textContent=pretty;
      });
    }).catch(function(e){
      status.textContent='Request failed';status.className='api-pg-status api-pg-status-error';
      time.textContent=Math.round(performance.now()-started)+' ms';
      body.textContent=String(e&&e.message||e)+'\n\nThe server must be reachable from this browser and allow cross-origin requests (CORS) from this site.';
    }).then(function(){send.disabled=false;});
  });
}
function init(){Array.prototype.forEach.call(document.querySelectorAll('[data-api-playground]'),setup);}
if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',init);else init();
})();
`;
