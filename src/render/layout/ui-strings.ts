/**
 * The interface's own words (the chrome around a page's content), per language of
 * the languages Mintlify supports (config/languages.ts), so a page in Japanese says
 * このページの内容 rather than "On this page". One row per language in a fixed key
 * order; `{query}` in `noResults` is replaced by what was searched, `{title}` in `show` by a title. Strings the
 * browser script shows (search status, copy button) reach it as data in the page
 * (uiScriptData), never inside the script.
 */
import { uiLanguage } from '../config/languages.js';
import { CONTROL_KEYS, CONTROL_ROWS } from './ui-controls.js';

const KEYS = [
  'onThisPage', 'search', 'searchPlaceholder', 'previous', 'next', 'skipToContent', 'navigation', 'toggleTheme', 'openMenu',
  'dismiss', 'searching', 'noResults', 'notFoundTitle', 'notFoundDescription', 'goHome', 'deprecated', 'copy', 'copied',
  // Words of components in the page (`show` is an Expandable's summary: `{title}` is replaced).
  'filters', 'view', 'allLanguages', 'show', 'openInCursor', 'copyPrompt', 'viewOnGitHub', 'examples',
] as const;

export type UiStrings = Record<(typeof KEYS)[number] | (typeof CONTROL_KEYS)[number], string>;

const ROWS: Record<string, string> = {
  en: 'On this page|Search…|Search the docs|Previous|Next|Skip to content|Navigation|Toggle dark mode|Open navigation|Dismiss|Searching…|No results for “{query}”|Page not found|The page you are looking for does not exist or has moved.|Go to the home page|Deprecated|Copy code|Copied|Filters|View|All languages and versions|Show {title}|Open in Cursor|Copy prompt|View on GitHub|Examples',
  ar: 'في هذه الصفحة|بحث…|ابحث في الوثائق|السابق|التالي|انتقل إلى المحتوى|التنقل|تبديل الوضع الداكن|افتح التنقل|إغلاق|جارٍ البحث…|لا توجد نتائج لـ "{query}"|الصفحة غير موجودة|الصفحة التي تبحث عنها غير موجودة أو تم نقلها.|الذهاب إلى الصفحة الرئيسية|مُهمل|نسخ الكود|تم النسخ|عوامل التصفية|العرض|كل اللغات والإصدارات|إظهار {title}|فتح في Cursor|نسخ الموجّه|عرض على GitHub|أمثلة',
  ca: 'En aquesta pàgina|Cerca…|Cerca a la documentació|Anterior|Següent|Vés al contingut|Navegació|Canvia el mode fosc|Obre la navegació|Tanca|S’està cercant…|No hi ha resultats per a «{query}»|No s’ha trobat la pàgina|La pàgina que cerques no existeix o s’ha mogut.|Vés a la pàgina d’inici|Obsolet|Copia el codi|Copiat|Filtres|Vista|Totes les llengües i versions|Mostra {title}|Obre a Cursor|Copia la indicació|Mostra a GitHub|Exemples',
  cs: 'Na této stránce|Hledat…|Prohledat dokumentaci|Předchozí|Další|Přejít na obsah|Navigace|Přepnout tmavý režim|Otevřít navigaci|Zavřít|Hledání…|Žádné výsledky pro „{query}“|Stránka nenalezena|Hledaná stránka neexistuje nebo byla přesunuta.|Přejít na úvodní stránku|Zastaralé|Kopírovat kód|Zkopírováno|Filtry|Zobrazení|Všechny jazyky a verze|Zobrazit {title}|Otevřít v Cursoru|Kopírovat prompt|Zobrazit na GitHubu|Příklady',
  da: 'På denne side|Søg…|Søg i dokumentationen|Forrige|Næste|Gå til indhold|Navigation|Skift mørk tilstand|Åbn navigation|Luk|Søger…|Ingen resultater for “{query}”|Siden blev ikke fundet|Siden, du leder efter, findes ikke eller er blevet flyttet.|Gå til forsiden|Forældet|Kopiér kode|Kopieret|Filtre|Visning|Alle sprog og versioner|Vis {title}|Åbn i Cursor|Kopiér prompt|Se på GitHub|Eksempler',
  de: 'Auf dieser Seite|Suchen…|Dokumentation durchsuchen|Zurück|Weiter|Zum Inhalt springen|Navigation|Dunkelmodus umschalten|Navigation öffnen|Schließen|Suche läuft…|Keine Ergebnisse für „{query}“|Seite nicht gefunden|Die gesuchte Seite existiert nicht oder wurde verschoben.|Zur Startseite|Veraltet|Code kopieren|Kopiert|Filter|Ansicht|Alle Sprachen und Versionen|{title} anzeigen|In Cursor öffnen|Prompt kopieren|Auf GitHub ansehen|Beispiele',
  es: 'En esta página|Buscar…|Buscar en la documentación|Anterior|Siguiente|Saltar al contenido|Navegación|Cambiar modo oscuro|Abrir navegación|Cerrar|Buscando…|No hay resultados para “{query}”|Página no encontrada|La página que buscas no existe o se ha movido.|Ir a la página de inicio|Obsoleto|Copiar código|Copiado|Filtros|Vista|Todos los idiomas y versiones|Mostrar {title}|Abrir en Cursor|Copiar prompt|Ver en GitHub|Ejemplos',
  fi: 'Tällä sivulla|Hae…|Hae dokumentaatiosta|Edellinen|Seuraava|Siirry sisältöön|Navigointi|Vaihda tumma tila|Avaa navigointi|Sulje|Haetaan…|Ei tuloksia haulle ”{query}”|Sivua ei löytynyt|Etsimääsi sivua ei ole tai se on siirretty.|Siirry etusivulle|Vanhentunut|Kopioi koodi|Kopioitu|Suodattimet|Näkymä|Kaikki kielet ja versiot|Näytä {title}|Avaa Cursorissa|Kopioi kehote|Näytä GitHubissa|Esimerkit',
  fr: 'Sur cette page|Rechercher…|Rechercher dans la documentation|Précédent|Suivant|Aller au contenu|Navigation|Basculer le mode sombre|Ouvrir la navigation|Fermer|Recherche…|Aucun résultat pour « {query} »|Page introuvable|La page que vous cherchez n’existe pas ou a été déplacée.|Aller à la page d’accueil|Obsolète|Copier le code|Copié|Filtres|Vue|Toutes les langues et versions|Afficher {title}|Ouvrir dans Cursor|Copier le prompt|Voir sur GitHub|Exemples',
  he: 'בעמוד זה|חיפוש…|חיפוש בתיעוד|הקודם|הבא|דלג לתוכן|ניווט|החלפת מצב כהה|פתיחת הניווט|סגירה|מחפש…|אין תוצאות עבור "{query}"|הדף לא נמצא|הדף שחיפשת אינו קיים או שהועבר.|מעבר לדף הבית|הוצא משימוש|העתקת קוד|הועתק|מסננים|תצוגה|כל השפות והגרסאות|הצגת {title}|פתיחה ב-Cursor|העתקת ההנחיה|הצגה ב-GitHub|דוגמאות',
  hi: 'इस पृष्ठ पर|खोजें…|दस्तावेज़ खोजें|पिछला|अगला|सामग्री पर जाएँ|नेविगेशन|डार्क मोड बदलें|नेविगेशन खोलें|बंद करें|खोज रहे हैं…|"{query}" के लिए कोई परिणाम नहीं|पृष्ठ नहीं मिला|आप जो पृष्ठ खोज रहे हैं वह मौजूद नहीं है या स्थानांतरित हो गया है।|होम पेज पर जाएँ|अप्रचलित|कोड कॉपी करें|कॉपी किया गया|फ़िल्टर|दृश्य|सभी भाषाएँ और संस्करण|{title} दिखाएँ|Cursor में खोलें|प्रॉम्प्ट कॉपी करें|GitHub पर देखें|उदाहरण',
  hu: 'Ezen az oldalon|Keresés…|Keresés a dokumentációban|Előző|Következő|Ugrás a tartalomhoz|Navigáció|Sötét mód váltása|Navigáció megnyitása|Bezárás|Keresés…|Nincs találat erre: „{query}”|Az oldal nem található|A keresett oldal nem létezik vagy áthelyezték.|Ugrás a kezdőlapra|Elavult|Kód másolása|Másolva|Szűrők|Nézet|Minden nyelv és verzió|{title} megjelenítése|Megnyitás a Cursorban|Prompt másolása|Megtekintés a GitHubon|Példák',
  id: 'Di halaman ini|Cari…|Cari di dokumentasi|Sebelumnya|Berikutnya|Lompat ke konten|Navigasi|Ganti mode gelap|Buka navigasi|Tutup|Mencari…|Tidak ada hasil untuk “{query}”|Halaman tidak ditemukan|Halaman yang Anda cari tidak ada atau telah dipindahkan.|Ke halaman beranda|Usang|Salin kode|Disalin|Filter|Tampilan|Semua bahasa dan versi|Tampilkan {title}|Buka di Cursor|Salin prompt|Lihat di GitHub|Contoh',
  it: 'In questa pagina|Cerca…|Cerca nella documentazione|Precedente|Successivo|Vai al contenuto|Navigazione|Attiva/disattiva modalità scura|Apri navigazione|Chiudi|Ricerca in corso…|Nessun risultato per “{query}”|Pagina non trovata|La pagina che cerchi non esiste o è stata spostata.|Vai alla home page|Deprecato|Copia codice|Copiato|Filtri|Vista|Tutte le lingue e versioni|Mostra {title}|Apri in Cursor|Copia prompt|Vedi su GitHub|Esempi',
  ja: 'このページの内容|検索…|ドキュメントを検索|前へ|次へ|コンテンツにスキップ|ナビゲーション|ダークモードを切り替え|ナビゲーションを開く|閉じる|検索中…|「{query}」の検索結果はありません|ページが見つかりません|お探しのページは存在しないか、移動しました。|ホームページへ|非推奨|コードをコピー|コピーしました|フィルター|表示|すべての言語とバージョン|{title}を表示|Cursorで開く|プロンプトをコピー|GitHubで見る|例',
  ko: '이 페이지의 내용|검색…|문서 검색|이전|다음|본문으로 건너뛰기|탐색|다크 모드 전환|탐색 열기|닫기|검색 중…|“{query}”에 대한 결과가 없습니다|페이지를 찾을 수 없습니다|찾으시는 페이지가 없거나 이동되었습니다.|홈페이지로 이동|지원 중단|코드 복사|복사됨|필터|보기|모든 언어 및 버전|{title} 표시|Cursor에서 열기|프롬프트 복사|GitHub에서 보기|예시',
  lv: 'Šajā lapā|Meklēt…|Meklēt dokumentācijā|Iepriekšējā|Nākamā|Pāriet uz saturu|Navigācija|Pārslēgt tumšo režīmu|Atvērt navigāciju|Aizvērt|Meklē…|Nav rezultātu vaicājumam “{query}”|Lapa nav atrasta|Meklētā lapa neeksistē vai ir pārvietota.|Uz sākumlapu|Novecojis|Kopēt kodu|Nokopēts|Filtri|Skats|Visas valodas un versijas|Rādīt {title}|Atvērt Cursor|Kopēt uzvedni|Skatīt GitHub|Piemēri',
  nl: 'Op deze pagina|Zoeken…|Doorzoek de documentatie|Vorige|Volgende|Naar inhoud|Navigatie|Donkere modus wisselen|Navigatie openen|Sluiten|Zoeken…|Geen resultaten voor “{query}”|Pagina niet gevonden|De pagina die je zoekt bestaat niet of is verplaatst.|Naar de startpagina|Verouderd|Code kopiëren|Gekopieerd|Filters|Weergave|Alle talen en versies|{title} tonen|Openen in Cursor|Prompt kopiëren|Bekijken op GitHub|Voorbeelden',
  no: 'På denne siden|Søk…|Søk i dokumentasjonen|Forrige|Neste|Hopp til innhold|Navigasjon|Bytt mørk modus|Åpne navigasjon|Lukk|Søker…|Ingen resultater for «{query}»|Fant ikke siden|Siden du leter etter finnes ikke eller er flyttet.|Gå til forsiden|Foreldet|Kopier kode|Kopiert|Filtre|Visning|Alle språk og versjoner|Vis {title}|Åpne i Cursor|Kopier ledetekst|Se på GitHub|Eksempler',
  pl: 'Na tej stronie|Szukaj…|Przeszukaj dokumentację|Poprzednia|Następna|Przejdź do treści|Nawigacja|Przełącz tryb ciemny|Otwórz nawigację|Zamknij|Wyszukiwanie…|Brak wyników dla „{query}”|Nie znaleziono strony|Strona, której szukasz, nie istnieje lub została przeniesiona.|Przejdź do strony głównej|Przestarzałe|Kopiuj kod|Skopiowano|Filtry|Widok|Wszystkie języki i wersje|Pokaż {title}|Otwórz w Cursorze|Kopiuj prompt|Zobacz na GitHubie|Przykłady',
  'pt-BR': 'Nesta página|Pesquisar…|Pesquisar na documentação|Anterior|Próximo|Pular para o conteúdo|Navegação|Alternar modo escuro|Abrir navegação|Fechar|Pesquisando…|Nenhum resultado para “{query}”|Página não encontrada|A página que você procura não existe ou foi movida.|Ir para a página inicial|Obsoleto|Copiar código|Copiado|Filtros|Visualização|Todos os idiomas e versões|Mostrar {title}|Abrir no Cursor|Copiar prompt|Ver no GitHub|Exemplos',
  ro: 'Pe această pagină|Caută…|Caută în documentație|Anterior|Următor|Salt la conținut|Navigare|Comută modul întunecat|Deschide navigarea|Închide|Se caută…|Niciun rezultat pentru „{query}”|Pagina nu a fost găsită|Pagina pe care o cauți nu există sau a fost mutată.|Mergi la pagina principală|Învechit|Copiază codul|Copiat|Filtre|Vizualizare|Toate limbile și versiunile|Afișează {title}|Deschide în Cursor|Copiază promptul|Vezi pe GitHub|Exemple',
  ru: 'На этой странице|Поиск…|Поиск по документации|Назад|Далее|Перейти к содержимому|Навигация|Переключить тёмную тему|Открыть навигацию|Закрыть|Поиск…|Нет результатов для «{query}»|Страница не найдена|Запрашиваемая страница не существует или была перемещена.|На главную|Устарело|Копировать код|Скопировано|Фильтры|Вид|Все языки и версии|Показать {title}|Открыть в Cursor|Копировать промпт|Открыть на GitHub|Примеры',
  sv: 'På den här sidan|Sök…|Sök i dokumentationen|Föregående|Nästa|Hoppa till innehållet|Navigering|Växla mörkt läge|Öppna navigering|Stäng|Söker…|Inga resultat för ”{query}”|Sidan hittades inte|Sidan du letar efter finns inte eller har flyttats.|Gå till startsidan|Föråldrad|Kopiera kod|Kopierat|Filter|Vy|Alla språk och versioner|Visa {title}|Öppna i Cursor|Kopiera prompt|Visa på GitHub|Exempel',
  tr: 'Bu sayfada|Ara…|Belgelerde ara|Önceki|Sonraki|İçeriğe geç|Gezinme|Karanlık modu değiştir|Gezinmeyi aç|Kapat|Aranıyor…|“{query}” için sonuç yok|Sayfa bulunamadı|Aradığınız sayfa mevcut değil veya taşınmış.|Ana sayfaya git|Kullanımdan kaldırıldı|Kodu kopyala|Kopyalandı|Filtreler|Görünüm|Tüm diller ve sürümler|{title} göster|Cursor’da aç|İstemi kopyala|GitHub’da görüntüle|Örnekler',
  uk: 'На цій сторінці|Пошук…|Пошук у документації|Назад|Далі|Перейти до вмісту|Навігація|Перемкнути темну тему|Відкрити навігацію|Закрити|Пошук…|Немає результатів для «{query}»|Сторінку не знайдено|Сторінка, яку ви шукаєте, не існує або була переміщена.|На головну|Застаріло|Копіювати код|Скопійовано|Фільтри|Вигляд|Усі мови та версії|Показати {title}|Відкрити в Cursor|Копіювати промпт|Переглянути на GitHub|Приклади',
  uz: 'Ushbu sahifada|Qidirish…|Hujjatlardan qidirish|Oldingi|Keyingi|Kontentga o‘tish|Navigatsiya|Tungi rejimni almashtirish|Navigatsiyani ochish|Yopish|Qidirilmoqda…|“{query}” bo‘yicha natija topilmadi|Sahifa topilmadi|Siz izlagan sahifa mavjud emas yoki ko‘chirilgan.|Bosh sahifaga o‘tish|Eskirgan|Kodni nusxalash|Nusxalandi|Filtrlar|Ko‘rinish|Barcha tillar va versiyalar|{title} ni ko‘rsatish|Cursor’da ochish|Promptni nusxalash|GitHub’da ko‘rish|Misollar',
  vi: 'Trên trang này|Tìm kiếm…|Tìm kiếm tài liệu|Trước|Tiếp|Chuyển đến nội dung|Điều hướng|Chuyển chế độ tối|Mở điều hướng|Đóng|Đang tìm…|Không có kết quả cho “{query}”|Không tìm thấy trang|Trang bạn tìm không tồn tại hoặc đã được di chuyển.|Về trang chủ|Không còn dùng|Sao chép mã|Đã sao chép|Bộ lọc|Chế độ xem|Tất cả ngôn ngữ và phiên bản|Hiện {title}|Mở trong Cursor|Sao chép prompt|Xem trên GitHub|Ví dụ',
  zh: '本页内容|搜索…|搜索文档|上一页|下一页|跳到内容|导航|切换深色模式|打开导航|关闭|正在搜索…|没有找到“{query}”的结果|页面未找到|您查找的页面不存在或已被移动。|返回首页|已弃用|复制代码|已复制|筛选|视图|所有语言和版本|显示{title}|在 Cursor 中打开|复制提示词|在 GitHub 上查看|示例',
  'zh-Hant': '本頁內容|搜尋…|搜尋文件|上一頁|下一頁|跳至內容|導覽|切換深色模式|開啟導覽|關閉|搜尋中…|找不到「{query}」的結果|找不到頁面|您要找的頁面不存在或已移動。|返回首頁|已棄用|複製程式碼|已複製|篩選|檢視|所有語言和版本|顯示{title}|在 Cursor 中開啟|複製提示詞|在 GitHub 上檢視|範例',
};

const parsed = new Map<string, UiStrings>();

/** The UI strings for a language code as written in docs.json (`jp`, `pt-BR`); English when unknown or absent. */
export function uiStrings(code?: string): UiStrings {
  const key = code ? uiLanguage(code) : 'en';
  const row = ROWS[key] !== undefined ? key : 'en';
  let strings = parsed.get(row);
  if (!strings) {
    const values = [...ROWS[row].split('|'), ...(CONTROL_ROWS[row] ?? CONTROL_ROWS.en).split('|')];
    strings = Object.fromEntries([...KEYS, ...CONTROL_KEYS].map((k, i) => [k, values[i]])) as UiStrings;
    parsed.set(row, strings);
  }
  return strings;
}

/** Whether the table has a row of its own for this code. */
export function hasUiStrings(code: string): boolean {
  return ROWS[uiLanguage(code)] !== undefined;
}

/** The strings the site script shows, as a JSON blob for pages not in English (read by js-core/js-search). */
export function uiScriptData(strings: UiStrings): string {
  if (strings === uiStrings('en')) return '';
  const data = {
    searching: strings.searching, noResults: strings.noResults, copy: strings.copy, copied: strings.copied,
    collapse: strings.collapse, language: strings.language, searchUnavailable: strings.searchUnavailable,
  };
  return `<script type="application/json" id="quire-ui">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}
