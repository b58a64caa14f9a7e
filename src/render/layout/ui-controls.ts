/**
 * More interface words, kept beside the main table (ui-strings.ts) and merged into it:
 * the words of controls and landmarks that pages showed in English whatever their
 * language (the code block's Copy and Expand buttons, the Mermaid source caption, the
 * tab bar's and breadcrumb's landmark names, the search dialog's key hints, the
 * language menu of synced tabs, the search failure message). Same languages and layout
 * as the main table; `{lines}` in `expand` is the block's line count, written as
 * "noun: count" where a language's plural would need the number's form.
 */
export const CONTROL_KEYS = [
  'copyButton', 'expand', 'collapse', 'language', 'sections', 'breadcrumb', 'siteLinks', 'toMove', 'toOpen', 'toClose', 'searchUnavailable', 'mermaidSource',
] as const;

export const CONTROL_ROWS: Record<string, string> = {
  en: 'Copy|Expand ({lines} lines)|Collapse|Language|Sections|Breadcrumb|Site links|to move|to open|to close|Search is not available.|Diagram (Mermaid source)',
  ar: 'نسخ|توسيع (الأسطر: {lines})|طي|اللغة|الأقسام|مسار التنقل|روابط الموقع|للتنقل|للفتح|للإغلاق|البحث غير متاح.|مخطط (مصدر Mermaid)',
  ca: 'Copia|Desplega ({lines} línies)|Plega|Llengua|Seccions|Ruta de navegació|Enllaços del lloc|per moure’t|per obrir|per tancar|La cerca no està disponible.|Diagrama (codi font de Mermaid)',
  cs: 'Kopírovat|Rozbalit (řádků: {lines})|Sbalit|Jazyk|Sekce|Drobečková navigace|Odkazy webu|pohyb|otevřít|zavřít|Vyhledávání není k dispozici.|Diagram (zdroj Mermaid)',
  da: 'Kopiér|Udvid ({lines} linjer)|Skjul|Sprog|Sektioner|Brødkrummesti|Links på siden|for at flytte|for at åbne|for at lukke|Søgning er ikke tilgængelig.|Diagram (Mermaid-kilde)',
  de: 'Kopieren|Ausklappen ({lines} Zeilen)|Einklappen|Sprache|Bereiche|Brotkrumen-Navigation|Website-Links|zum Bewegen|zum Öffnen|zum Schließen|Die Suche ist nicht verfügbar.|Diagramm (Mermaid-Quelltext)',
  es: 'Copiar|Expandir ({lines} líneas)|Contraer|Idioma|Secciones|Ruta de navegación|Enlaces del sitio|para moverte|para abrir|para cerrar|La búsqueda no está disponible.|Diagrama (código fuente de Mermaid)',
  fi: 'Kopioi|Laajenna (rivejä: {lines})|Tiivistä|Kieli|Osiot|Murupolku|Sivuston linkit|siirry|avaa|sulje|Haku ei ole käytettävissä.|Kaavio (Mermaid-lähde)',
  fr: 'Copier|Développer ({lines} lignes)|Réduire|Langue|Sections|Fil d’Ariane|Liens du site|pour naviguer|pour ouvrir|pour fermer|La recherche n’est pas disponible.|Diagramme (source Mermaid)',
  he: 'העתקה|הרחבה ({lines} שורות)|כיווץ|שפה|מקטעים|פירורי לחם|קישורי האתר|למעבר|לפתיחה|לסגירה|החיפוש אינו זמין.|תרשים (מקור Mermaid)',
  hi: 'कॉपी करें|विस्तार करें ({lines} पंक्तियाँ)|संक्षिप्त करें|भाषा|अनुभाग|ब्रेडक्रंब|साइट लिंक|जाने के लिए|खोलने के लिए|बंद करने के लिए|खोज उपलब्ध नहीं है।|आरेख (Mermaid स्रोत)',
  hu: 'Másolás|Kibontás ({lines} sor)|Összecsukás|Nyelv|Szakaszok|Morzsamenü|A webhely hivatkozásai|mozgás|megnyitás|bezárás|A keresés nem érhető el.|Diagram (Mermaid-forrás)',
  id: 'Salin|Bentangkan ({lines} baris)|Ciutkan|Bahasa|Bagian|Remah roti|Tautan situs|untuk berpindah|untuk membuka|untuk menutup|Pencarian tidak tersedia.|Diagram (sumber Mermaid)',
  it: 'Copia|Espandi ({lines} righe)|Comprimi|Lingua|Sezioni|Percorso di navigazione|Link del sito|per spostarti|per aprire|per chiudere|La ricerca non è disponibile.|Diagramma (sorgente Mermaid)',
  ja: 'コピー|展開（{lines} 行）|折りたたむ|言語|セクション|パンくずリスト|サイトのリンク|で移動|で開く|で閉じる|検索は利用できません。|図（Mermaid のソース）',
  ko: '복사|펼치기 ({lines}줄)|접기|언어|섹션|이동 경로|사이트 링크|이동|열기|닫기|검색을 사용할 수 없습니다.|다이어그램 (Mermaid 소스)',
  lv: 'Kopēt|Izvērst (rindas: {lines})|Sakļaut|Valoda|Sadaļas|Navigācijas ceļš|Vietnes saites|lai pārvietotos|lai atvērtu|lai aizvērtu|Meklēšana nav pieejama.|Diagramma (Mermaid pirmkods)',
  nl: 'Kopiëren|Uitklappen ({lines} regels)|Inklappen|Taal|Secties|Kruimelpad|Sitelinks|om te bewegen|om te openen|om te sluiten|Zoeken is niet beschikbaar.|Diagram (Mermaid-bron)',
  no: 'Kopier|Utvid ({lines} linjer)|Skjul|Språk|Seksjoner|Brødsmulesti|Lenker på nettstedet|for å flytte|for å åpne|for å lukke|Søk er ikke tilgjengelig.|Diagram (Mermaid-kilde)',
  pl: 'Kopiuj|Rozwiń (wiersze: {lines})|Zwiń|Język|Sekcje|Ścieżka nawigacji|Linki witryny|aby przejść|aby otworzyć|aby zamknąć|Wyszukiwanie jest niedostępne.|Diagram (źródło Mermaid)',
  'pt-BR': 'Copiar|Expandir ({lines} linhas)|Recolher|Idioma|Seções|Trilha de navegação|Links do site|para mover|para abrir|para fechar|A pesquisa não está disponível.|Diagrama (código-fonte Mermaid)',
  ro: 'Copiază|Extinde (rânduri: {lines})|Restrânge|Limbă|Secțiuni|Traseu de navigare|Linkurile site-ului|pentru a te deplasa|pentru a deschide|pentru a închide|Căutarea nu este disponibilă.|Diagramă (sursă Mermaid)',
  ru: 'Копировать|Развернуть (строк: {lines})|Свернуть|Язык|Разделы|Навигационная цепочка|Ссылки сайта|перемещение|открыть|закрыть|Поиск недоступен.|Диаграмма (исходный код Mermaid)',
  sv: 'Kopiera|Expandera ({lines} rader)|Fäll ihop|Språk|Avsnitt|Brödsmulor|Webbplatslänkar|för att flytta|för att öppna|för att stänga|Sökning är inte tillgänglig.|Diagram (Mermaid-källa)',
  tr: 'Kopyala|Genişlet ({lines} satır)|Daralt|Dil|Bölümler|İçerik haritası|Site bağlantıları|gezinmek için|açmak için|kapatmak için|Arama kullanılamıyor.|Diyagram (Mermaid kaynağı)',
  uk: 'Копіювати|Розгорнути (рядків: {lines})|Згорнути|Мова|Розділи|Навігаційний ланцюжок|Посилання сайту|переміщення|відкрити|закрити|Пошук недоступний.|Діаграма (вихідний код Mermaid)',
  uz: 'Nusxalash|Yoyish ({lines} qator)|Yig‘ish|Til|Bo‘limlar|Navigatsiya yo‘li|Sayt havolalari|o‘tish uchun|ochish uchun|yopish uchun|Qidiruv mavjud emas.|Diagramma (Mermaid manbasi)',
  vi: 'Sao chép|Mở rộng ({lines} dòng)|Thu gọn|Ngôn ngữ|Mục|Đường dẫn|Liên kết trang|để di chuyển|để mở|để đóng|Tìm kiếm không khả dụng.|Sơ đồ (mã nguồn Mermaid)',
  zh: '复制|展开（{lines} 行）|收起|语言|栏目|面包屑导航|网站链接|移动|打开|关闭|搜索不可用。|图表（Mermaid 源码）',
  'zh-Hant': '複製|展開（{lines} 行）|收合|語言|區段|麵包屑導覽|網站連結|移動|開啟|關閉|無法使用搜尋。|圖表（Mermaid 原始碼）',
};
